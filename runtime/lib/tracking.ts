// Tracking (docs/api.md, "Tracking"): events to the brand's tracking host. A failure never disturbs the player, and
// nothing is sent before the first content is on screen (events of the start wait for it). An event a
// tap causes is sent once the tap's frame is painted, never inside the tap (a request costs a slow
// phone milliseconds the tap's answer would wait for); a page being left sends what is still queued.
import { afterPaint } from "./after-paint.ts";
import { afterFirstContent } from "./first-content.ts";

export const TRACK_EVENTS = [
  "viewPage",
  "login",
  "logout",
  "viewGameList",
  "changeGame",
  "selectRole",
  "changeProductType",
  "viewProductDetail",
  "clickBuy",
  "selectPayway",
  "clickPay",
  "openPayLink",
  "viewVipCenter",
  "viewActivity",
  "viewRewardDetail",
  "pwa",
  "error",
] as const;

export type TrackEvent = (typeof TRACK_EVENTS)[number];

export interface TrackSession {
  host: string;
  appId: string;
  eventId: string;
  sessionId: string;
  sessionTime: number;
  did: string;
  clientId?: string;
}

type Scalar = string | number | boolean | null;

export interface Tracker {
  track(event: TrackEvent, data?: Record<string, Scalar | undefined>): void;
  /** Event 18 (api.php): a purchase step with user, goods and channel data. */
  purchase(data: { suid?: string; product_id?: string; payway_id?: number; channel_id?: string; amount?: number; step: string }): void;
}

function post(url: string, body: unknown, send: typeof fetch): void {
  try {
    void send(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      keepalive: true,
      credentials: "omit",
    }).catch(() => undefined);
  } catch {
    // Tracking is best effort.
  }
}

const clean = (data: Record<string, Scalar | undefined>) =>
  Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined)) as Record<string, Scalar>;

export function createTracker(
  session: () => TrackSession,
  send: typeof fetch = (...a) => fetch(...a),
  ready: () => Promise<void> = afterFirstContent,
  later: (task: () => void) => unknown = afterPaint,
): Tracker {
  const queued: (() => void)[] = [];
  const flush = () => {
    for (const post of queued.splice(0)) post();
  };
  const enqueue = (post: () => void) => {
    queued.push(post);
    if (queued.length === 1) later(flush);
  };
  if (typeof addEventListener === "function") addEventListener("pagehide", flush);
  const base = () => {
    const s = session();
    return {
      app_id: s.appId,
      event_id: s.eventId,
      session_id: s.sessionId,
      session_time: s.sessionTime,
      did: s.did,
      ...(s.clientId ? { client_id: s.clientId } : {}),
    };
  };
  return {
    track(event, data = {}) {
      const s = session();
      const body = { event, ...base(), page: location.pathname, data: clean(data) };
      void ready().then(() => enqueue(() => post(`${s.host}/service/recharge/dot.php`, body, send)));
    },
    purchase({ step, ...data }) {
      const s = session();
      const { event_id: _e, session_time: _t, ...rest } = base();
      const body = { event: 18, ...rest, ...clean(data), data: { step } };
      void ready().then(() => enqueue(() => post(`${s.host}/service/recharge/api.php`, body, send)));
    },
  };
}

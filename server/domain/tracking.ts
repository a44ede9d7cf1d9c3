// The tracking sink: the storefront's page events (dot) and call reports (api), stored as sent and
// listed for the sandbox's tools and tests. Anyone may write, so what is kept is bounded: each
// event's size, each address's rate, and how long events are kept (docs/api.md, "Tracking").
import { clientOf, reserveAttempt } from "./attempts.ts";
import { CODE, fail } from "./errors.ts";
import type { Answer, Caller, Params, Platform, TrackingLimits } from "./platform.ts";

/** The largest event stored, in bytes of its JSON (the storefront's are a few hundred). */
export const TRACKING_EVENT_BYTES = 4096;
/** Events one client (an address, or an IPv6 /64) may store a minute, and all clients together. */
export const TRACKING_LIMITS: TrackingLimits = { perClient: 120, total: 6000 };
/** How long events are kept: seven days by the platform's clock. */
export const TRACKING_KEEP_MS = 7 * 86_400_000;

/** What every request carries is not the event's own data. */
const payloadOf = <T extends { idfv?: string; spec_lang?: string; oauth_token?: string }>({
  idfv: _i,
  spec_lang: _s,
  oauth_token: _o,
  ...payload
}: T) => payload;

/** Stores one event, within its size and its address's rate; -400 when too large, -429 when too many. */
async function store(platform: Platform, caller: Caller, kind: "dot" | "api", name: string, payload: unknown): Promise<{ stored: true }> {
  const json = JSON.stringify(payload);
  if (Buffer.byteLength(json) > TRACKING_EVENT_BYTES)
    fail(CODE.badRequest, `invalid request: a tracking event is at most ${TRACKING_EVENT_BYTES} bytes of JSON`);
  const now = platform.now();
  const limits = platform.trackingLimits;
  const rate = await reserveAttempt(
    platform.db,
    "tracking",
    [
      { key: `address:${clientOf(caller.address)}`, limit: limits.perClient, windowMs: 60_000 },
      // However many addresses a flood comes from, the table grows by at most this many a minute.
      { key: "all", limit: limits.total, windowMs: 60_000 },
    ],
    now,
  );
  if (!rate.allowed) fail(CODE.tooManyRequests);
  await platform.db.query("INSERT INTO tracking_events (kind, name, payload, received_at) VALUES ($1, $2, $3, $4)", [
    kind,
    name,
    json,
    now,
  ]);
  return { stored: true };
}

export const trackDot = (platform: Platform, params: Params<"trackDot">, caller: Caller): Answer<"trackDot"> =>
  store(platform, caller, "dot", params.event, payloadOf(params));

export const trackApi = (platform: Platform, params: Params<"trackApi">, caller: Caller): Answer<"trackApi"> =>
  store(platform, caller, "api", String(params.event), payloadOf(params));

/** Forgets events older than the retention period. */
export async function forgetOldTracking(platform: Platform): Promise<void> {
  await platform.db.query("DELETE FROM tracking_events WHERE received_at < $1", [new Date(platform.now().getTime() - TRACKING_KEEP_MS)]);
}

export interface TrackingEvent {
  id: string;
  kind: string;
  name: string;
  payload: unknown;
  received_at: string;
}

/** Stored events in order, of one kind and name when asked, after an id; at most 500. */
export async function trackingEvents(
  platform: Platform,
  filter: { kind?: string; name?: string; after?: string },
): Promise<TrackingEvent[]> {
  return platform.db.query<TrackingEvent>(
    `SELECT id::text, kind, name, payload, received_at FROM tracking_events
      WHERE ($1::text IS NULL OR kind = $1) AND ($2::text IS NULL OR name = $2) AND id > $3 ORDER BY id LIMIT 500`,
    [filter.kind ?? null, filter.name ?? null, filter.after ?? "0"],
  );
}

// The tracking sink: the storefront's page events (dot) and call reports (api), stored as sent and
// listed for the sandbox's tools and tests.
import type { Answer, Params, Platform } from "./platform.ts";

/** What every request carries is not the event's own data. */
const payloadOf = <T extends { idfv?: string; spec_lang?: string; oauth_token?: string }>({
  idfv: _i,
  spec_lang: _s,
  oauth_token: _o,
  ...payload
}: T) => payload;

export async function trackDot(platform: Platform, params: Params<"trackDot">): Answer<"trackDot"> {
  await platform.db.query("INSERT INTO tracking_events (kind, name, payload) VALUES ('dot', $1, $2)", [
    params.event,
    JSON.stringify(payloadOf(params)),
  ]);
  return { stored: true };
}

export async function trackApi(platform: Platform, params: Params<"trackApi">): Answer<"trackApi"> {
  await platform.db.query("INSERT INTO tracking_events (kind, name, payload) VALUES ('api', $1, $2)", [
    String(params.event),
    JSON.stringify(payloadOf(params)),
  ]);
  return { stored: true };
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

// Dates as the store shows them (`YYYY/MM/DD HH:mm (UTC±n)`), time zones and the make-up link's
// countdown. Kept apart from ./format.ts so the first render (goods and prices) loads neither dayjs
// nor these.
import dayjs from "dayjs";
import utc from "dayjs/plugin/utc";
import { toMillis } from "./format.ts";

dayjs.extend(utc);

/** `YYYY/MM/DD HH:mm (UTC±n)` in the given zone. */
export function formatTime(time: number, zone = "+00:00"): string {
  const offset = offsetMinutes(zone);
  const label = `UTC${offset < 0 ? "-" : "+"}${Math.floor(Math.abs(offset) / 60)}${Math.abs(offset) % 60 ? `:${String(Math.abs(offset) % 60).padStart(2, "0")}` : ""}`;
  return `${dayjs.utc(toMillis(time)).utcOffset(offset).format("YYYY/MM/DD HH:mm")} (${label})`;
}

/** Minutes east of UTC from '+08:00', '-05:30', '+8' or 'UTC+9'; 0 when unreadable. */
export function offsetMinutes(zone: string): number {
  const m = /([+-])(\d{1,2})(?::?(\d{2}))?$/.exec(zone.trim());
  if (!m) return 0;
  const minutes = Number(m[2]) * 60 + Number(m[3] ?? 0);
  return m[1] === "-" ? -minutes : minutes;
}

/** '+08:00' for 480 minutes east of UTC, '-05:30' for -330. */
export function zoneOf(minutesEast: number): string {
  const abs = Math.abs(minutesEast);
  return `${minutesEast < 0 ? "-" : "+"}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

/** The player's own zone, for times that come without one (orders, events, link expiry). */
export const localZone = (now = new Date()) => zoneOf(-now.getTimezoneOffset());

export type Countdown =
  | { kind: "countdown"; minutes: number; seconds: number }
  | { kind: "lastMinute" }
  | { kind: "date"; until: number }
  | { kind: "expired" };

/**
 * The make-up link's validity (docs/decisions.md, "Special flows"): under a day, minutes and seconds
 * ('less than 1 minute' in the last minute); a day or more, the expiry date; nothing left, expired.
 */
export function replenishCountdown(validSeconds: number, now: number): Countdown {
  if (validSeconds <= 0) return { kind: "expired" };
  if (validSeconds >= 86_400) return { kind: "date", until: now + validSeconds * 1000 };
  if (validSeconds < 60) return { kind: "lastMinute" };
  return { kind: "countdown", minutes: Math.floor(validSeconds / 60), seconds: Math.floor(validSeconds % 60) };
}

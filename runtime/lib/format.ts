// Amounts, times and countdowns as the store shows them, as pure functions. Dates are formatted
// in ./time.ts (dayjs), which only the screens after the first render load.
import { minorDigits } from "../generated/currencies.ts";

const SYMBOLS: Record<string, string> = { RMB: "￥", CNY: "￥", TWD: "NT$", JPY: "¥", KRW: "₩", EUR: "€", USD: "$", TRY: "₺", MYR: "RM" };

/** 1234567.5 → '1,234,567.50': fixed decimals, comma thousands (what Intl's en-US gives, without the
 *  tens of milliseconds its first use costs a mid-range phone on the first render). */
function groupThousands(amount: number, decimals: number): string {
  const [whole = "0", fraction] = Math.abs(amount).toFixed(decimals).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${amount < 0 && Number(`${whole}.${fraction ?? 0}`) !== 0 ? "-" : ""}${grouped}${fraction ? `.${fraction}` : ""}`;
}

/**
 * The currency's own decimals (docs/decisions.md, "Money, effects and time": none for JPY, KRW,
 * VND…, three for KWD, else two) with thousands separators; currencies without a symbol show their code.
 */
export function formatAmount(amount: number, currency: string): string {
  const number = groupThousands(amount, minorDigits(currency));
  const symbol = SYMBOLS[currency];
  return symbol ? `${symbol}${number}` : `${currency} ${number}`;
}

/** Unix times of 10 digits are seconds; longer ones milliseconds. */
export function toMillis(time: number): number {
  return String(Math.trunc(Math.abs(time))).length <= 10 ? time * 1000 : time;
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

/** Days, hours and minutes until a time (for 'next purchase in …'); zeros when it has passed. */
export function untilParts(target: number, now: number): { days: number; hours: number; minutes: number } {
  const ms = Math.max(0, toMillis(target) - now);
  const minutes = Math.ceil(ms / 60_000);
  return { days: Math.floor(minutes / 1440), hours: Math.floor((minutes % 1440) / 60), minutes: minutes % 60 };
}

export type Countdown =
  | { kind: "countdown"; minutes: number; seconds: number }
  | { kind: "lastMinute" }
  | { kind: "date"; until: number }
  | { kind: "expired" };

/**
 * The make-up link's validity (docs/decisions.md, "Special flows"): under a day, minutes and seconds ('less than 1 minute'
 * in the last minute); a day or more, the expiry date; nothing left, expired.
 */
export function replenishCountdown(validSeconds: number, now: number): Countdown {
  if (validSeconds <= 0) return { kind: "expired" };
  if (validSeconds >= 86_400) return { kind: "date", until: now + validSeconds * 1000 };
  if (validSeconds < 60) return { kind: "lastMinute" };
  return { kind: "countdown", minutes: Math.floor(validSeconds / 60), seconds: Math.floor(validSeconds % 60) };
}

// Amounts as the store shows them, and the times the first render needs (a limit's wait), as pure
// functions. Dates, zones and the make-up link's countdown are in ./time.ts, which only the screens
// after the first render load: the first script carries none of them.
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

/** Days, hours and minutes until a time (for 'next purchase in …'); zeros when it has passed. */
export function untilParts(target: number, now: number): { days: number; hours: number; minutes: number } {
  const ms = Math.max(0, toMillis(target) - now);
  const minutes = Math.ceil(ms / 60_000);
  return { days: Math.floor(minutes / 1440), hours: Math.floor((minutes % 1440) / 60), minutes: minutes % 60 };
}

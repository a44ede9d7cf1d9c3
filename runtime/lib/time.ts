// Dates as the store shows them: `YYYY/MM/DD HH:mm (UTC±n)`. Kept apart from ./format.ts so the
// first render (goods and prices) does not load dayjs.
import dayjs from "dayjs";
import utc from "dayjs/plugin/utc";
import { offsetMinutes, toMillis } from "./format.ts";

dayjs.extend(utc);

/** `YYYY/MM/DD HH:mm (UTC±n)` in the given zone. */
export function formatTime(time: number, zone = "+00:00"): string {
  const offset = offsetMinutes(zone);
  const label = `UTC${offset < 0 ? "-" : "+"}${Math.floor(Math.abs(offset) / 60)}${Math.abs(offset) % 60 ? `:${String(Math.abs(offset) % 60).padStart(2, "0")}` : ""}`;
  return `${dayjs.utc(toMillis(time)).utcOffset(offset).format("YYYY/MM/DD HH:mm")} (${label})`;
}

// The checks of a brand's legal texts: notices on specified commercial transactions (Japan) for
// games it has and for every game it sells in ja, and support hours in order.
import type { BrandContext, BrandInput } from "./brand-context.ts";
import { clip, type Diagnostic, didYouMean, listHint } from "./diagnostics.ts";
import { arr, obj, str } from "./loose.ts";

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

export function legalChecks(raw: BrandInput, { source, at }: BrandContext): Diagnostic[] {
  const out: Diagnostic[] = [];
  const legal = obj(raw.legal);
  const games = obj(raw.games);
  const gameKeys = Object.keys(games);
  const notices = obj(legal.commercialTransactions);
  for (const key of Object.keys(notices)) {
    if (gameKeys.includes(key)) continue;
    out.push(
      source.diag(
        "legal-unknown-game",
        at("legal", "commercialTransactions", key),
        `commercial-transactions notice for '${clip(key)}', which is not in the game table`,
        {
          hint: didYouMean(key, gameKeys) ?? listHint(gameKeys),
          key: true,
        },
      ),
    );
  }
  // Japan: every product sold online needs its notice on specified commercial transactions; the
  // area is where the operator looks for what it sells.
  if (Object.hasOwn(obj(raw.areas), "ja")) {
    const missing = Object.entries(games)
      .filter(([key, game]) => str(obj(game).area) === "ja" && !Object.hasOwn(notices, key))
      .map(([key]) => key);
    if (missing.length) {
      const names = `${missing
        .slice(0, 6)
        .map((key) => `'${clip(key, 40)}'`)
        .join(", ")}${missing.length > 6 ? ` and ${missing.length - 6} more` : ""}`;
      out.push(
        source.diag(
          "ja-legal-missing",
          at("areas", "ja"),
          `area 'ja' sells game${missing.length > 1 ? "s" : ""} ${names} without a notice on specified commercial transactions`,
          {
            hint: `add legal.commercialTransactions.${clip(missing[0] ?? "")} (seller, address, contact, price, payment, delivery, returns)${missing.length > 1 ? ", and one for each game named" : ""}`,
            key: true,
          },
        ),
      );
    }
  }
  // Support hours: each range forwards on one day, the ranges in order and apart.
  const ranges = arr(legal.supportHours)
    .map((r, j) => ({ j, text: str(r) ?? "" }))
    .filter((r) => /^\d\d:\d\d-\d\d:\d\d$/.test(r.text));
  let previousEnd = -1;
  for (const { j, text } of ranges) {
    const [from = "", to = ""] = text.split("-");
    const start = minutes(from);
    const end = minutes(to);
    if (end <= start) {
      out.push(
        source.diag("support-hours-order", at("legal", "supportHours", j), `support hours '${text}' end before they start`, {
          hint: `write '${to}-${from}' if that is meant, or split a range across midnight into two (…-23:59 and 00:00-…)`,
        }),
      );
    } else if (start < previousEnd) {
      out.push(
        source.diag(
          "support-hours-order",
          at("legal", "supportHours", j),
          `support hours '${text}' overlap or precede the range before them`,
        ),
      );
    }
    previousEnd = Math.max(previousEnd, end);
  }
  return out;
}

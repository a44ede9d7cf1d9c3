// The config fixtures the validator's tests edit: the minimal one-brand config, one edit of it, and
// a second brand for the traps between brands (tests/config-traps.test.ts, config-hints.test.ts).
import { readFileSync } from "node:fs";
import { join } from "node:path";

export const minimal = readFileSync(join(import.meta.dirname, "fixtures", "valid", "minimal.yaml"), "utf8");

/** The minimal config with one piece of text replaced (which must be there). */
export const edit = (from: string, to: string) => {
  if (!minimal.includes(from)) throw new Error(`the minimal fixture has no '${from}'`);
  return minimal.replace(from, to);
};

/** A second brand, for the traps between brands. */
export const second = (extra = "") => `  - id: second
    name: Second Games
    title: Second Store
    currency: USD
    copyright: "© Second"
    links: { privacy: https://second.example/privacy, terms: https://second.example/terms }
    support: { url: https://second.example/help }
    hosts: { production: [pay.second.example] }
    api:
      production: { primary: https://api.second.example, tracking: https://track.second.example }
      demo: { primary: https://api-demo.second.example, tracking: https://track-demo.second.example }
    areas:
      sea: { languages: [en], defaultLanguage: en, regions: [TH], loginClientId: second-login }
    login: {}
    tracking: { appId: second-web, eventId: "19" }
    games:
      beta: { name: Beta, clientIdMap: { android: "801", ios: "802", web: "803" }, area: sea }
    defaultGame: beta
${extra}`;

export const twoBrands = (first: string, other = second()) => `${first.trimEnd()}\n${other}`;

/** The notice on specified commercial transactions as gen new-brand writes it, placeholders included. */
export const JA_NOTICE =
  '{ seller: Minimal, address: "〒000-0000 所在地", contact: support@minimal.example, price: 表示価格, payment: 購入時, delivery: 直ちに, returns: 不可 }';

/** The minimal config with a ja area and a game sold there. */
export const withJapan = (notice = "") =>
  edit(
    "    login: {}",
    "      ja:\n        currency: JPY\n        languages: [ja]\n        defaultLanguage: ja\n        regions: [JP]\n        loginClientId: min-login-ja\n    login: {}",
  ).replace(
    "    defaultGame: alpha",
    `      omega:\n        name: Omega\n        clientIdMap: { android: "904", ios: "905", web: "906" }\n        area: ja\n    defaultGame: alpha${notice}`,
  );

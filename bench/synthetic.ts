// Synthetic brands.yaml files of N brands, for benchmarks and scaling checks.
import { stringify } from "yaml";

const AREAS = ["universal", "sea", "eru", "kr", "ja", "ru"] as const;
const LANGS: Record<string, string[]> = {
  universal: ["en", "de", "fr", "es"],
  sea: ["en", "th", "vi", "id"],
  eru: ["en", "de", "pl"],
  kr: ["ko", "en"],
  ja: ["ja", "en"],
  ru: ["ru", "en"],
};

export function syntheticBrand(i: number) {
  const id = `brand${String(i).padStart(4, "0")}`;
  const areas = [AREAS[i % AREAS.length] as string, AREAS[(i + 1) % AREAS.length] as string];
  const base = 1_000_000 + i * 100;
  const games = [0, 1, 2].map((g) => ({ key: `game${g}`, area: areas[g % 2] as string }));
  // A game sold in Japan carries its notice on specified commercial transactions (gen validate asks for it).
  const notice = {
    seller: `Brand ${i} KK`,
    address: "Tokyo",
    contact: `support@${id}.example`,
    price: "as shown",
    payment: "card",
    delivery: "at once",
    returns: "none",
  };
  const japan = games.filter((g) => g.area === "ja").map((g) => g.key);
  return {
    id,
    name: `Brand ${i} Games`,
    title: `Brand ${i} Top-up`,
    themeColor: `#${((i * 2654435761) % 0xffffff).toString(16).padStart(6, "0")}`,
    currency: "USD",
    copyright: `© 2026 Brand ${i}`,
    links: { privacy: `https://${id}.example/privacy`, terms: `https://${id}.example/terms` },
    support: { url: `https://${id}.example/help` },
    hosts: { production: [`pay.${id}.example`], demo: [`demo.${id}.example`] },
    api: {
      production: { primary: `https://api.${id}.example`, backup: [`https://api2.${id}.example`], tracking: `https://t.${id}.example` },
      demo: { primary: `https://api-demo.${id}.example`, tracking: `https://t-demo.${id}.example` },
    },
    areas: Object.fromEntries(
      areas.map((a) => [
        a,
        { languages: LANGS[a], defaultLanguage: LANGS[a]?.[0], regions: ["GLOBAL", "US"], loginClientId: `${id}-${a}` },
      ]),
    ),
    login: { google: { clientId: `${id}.apps.example`, package: `com.${id}.game` }, facebook: { appId: String(100000 + i) } },
    tracking: { appId: id, eventId: "18" },
    games: Object.fromEntries(
      [0, 1, 2].map((g) => [
        `game${g}`,
        {
          name: `Game ${g}`,
          clientIdMap: { android: String(base + g * 3), ios: String(base + g * 3 + 1), web: String(base + g * 3 + 2) },
          area: areas[g % 2],
        },
      ]),
    ),
    defaultGame: "game0",
    layout: { default: i % 2 ? "new" : "old", newLayoutRules: [{ regions: [areas[0]], games: ["game1"] }] },
    features: { vip: i % 3 === 0, events: i % 2 === 0 },
    shortLinks: { go: { region: areas[0], clientIdMap: { android: String(base), ios: String(base + 1), web: String(base + 2) } } },
    ...(japan.length ? { legal: { commercialTransactions: Object.fromEntries(japan.map((key) => [key, notice])) } } : {}),
  };
}

export function syntheticConfig(count: number): string {
  const brands = Array.from({ length: count }, (_, i) => syntheticBrand(i + 1));
  return `# synthetic config of ${count} brands (bench)\n${stringify({ huaweiClientId: "1", brands }, { aliasDuplicateObjects: false })}`;
}

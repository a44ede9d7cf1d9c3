// `gen new-brand`'s draft: the answers plus defaults (each area's usual languages, payment regions
// and currency, client ids nobody uses, placeholders only the publisher can replace), and the brand
// as the plain data its YAML must read back as.
import { PLACEHOLDER_ADDRESS, placeholderLoginClientId, placeholderTrackingAppId } from "../core/node/config/placeholders.ts";
import { AREA_DEFAULTS, type GameDraft, NEW_BRAND_COLOUR, titleCase } from "./brand-answers.ts";

export interface Answers {
  id: string;
  name?: string;
  title?: string;
  colour?: string;
  currency?: string;
  hosts?: string[];
  demoHosts?: string[];
  areas?: string[];
  languages?: string[];
  games?: GameDraft[];
}

export interface BrandDraft {
  id: string;
  name: string;
  title: string;
  colour: string;
  currency: string;
  copyright: string;
  hosts: string[];
  demoHosts: string[];
  areas: { id: string; languages: string[]; regions: string[]; currency?: string; loginClientId: string }[];
  games: { key: string; name: string; area: string; clientIds: { android: string; ios: string; web: string } }[];
  /** Fields filled with placeholders rather than given: marked TODO in the entry. */
  placeholders: Set<"hosts" | "demoHosts">;
}

/** Default game keys: the brand id (shortened to a game key), with the area when there are several. */
function defaultGames(id: string, name: string, areas: string[]): GameDraft[] {
  const key = (suffix: string) => {
    const room = 32 - suffix.length;
    return `${id.slice(0, room).replace(/-+$/, "")}${suffix}`;
  };
  if (areas.length === 1) return [{ key: key(""), name, area: areas[0] }];
  return areas.map((area) => ({ key: key(`-${area}`), name: `${name} (${area})`, area }));
}

/**
 * Fills what the answers leave open. `usedClientIds` are every client id already in the file:
 * new ones continue the file's numbering (brand block ×1,000,000, game ×1,000, platform 1–3) and
 * never reuse one.
 */
export function draftBrand(answers: Answers, usedClientIds: ReadonlySet<string>, year: number): BrandDraft {
  const { id } = answers;
  const name = answers.name ?? titleCase(id);
  const areaIds = answers.areas ?? ["universal"];
  const currency = answers.currency ?? AREA_DEFAULTS[areaIds[0] ?? ""]?.currency ?? "USD";
  const areas = areaIds.map((area) => {
    const usual = AREA_DEFAULTS[area] ?? { languages: ["en"], regions: ["GLOBAL"], currency };
    const own = usual.currency !== currency ? { currency: usual.currency } : {};
    return {
      id: area,
      ...own,
      languages: answers.languages ?? usual.languages,
      regions: usual.regions,
      loginClientId: placeholderLoginClientId(id, area),
    };
  });

  const wanted = answers.games ?? defaultGames(id, name, areaIds);
  const withGame = new Set(wanted.flatMap((g) => (g.area ? [g.area] : [])));
  const games = wanted.map((g) => {
    let area = g.area;
    if (!area) {
      area = areaIds.find((a) => !withGame.has(a)) ?? areaIds[0] ?? "universal";
      withGame.add(area);
    }
    return { key: g.key, name: g.name, area, clientIds: { android: "", ios: "", web: "" } };
  });

  const numeric = [...usedClientIds].filter((c) => /^[0-9]{1,15}$/.test(c)).map(Number);
  let block = Math.floor(Math.max(0, ...numeric) / 1_000_000) + 1;
  const taken = new Set(usedClientIds);
  const free = (n: number) => !taken.has(String(n));
  while (!games.every((_, g) => [1, 2, 3].every((p) => free(block * 1_000_000 + (g + 1) * 1000 + p)))) block++;
  games.forEach((game, g) => {
    const base = block * 1_000_000 + (g + 1) * 1000;
    game.clientIds = { android: String(base + 1), ios: String(base + 2), web: String(base + 3) };
  });

  const placeholders = new Set<"hosts" | "demoHosts">();
  if (!answers.hosts) placeholders.add("hosts");
  if (!answers.demoHosts) placeholders.add("demoHosts");
  return {
    id,
    name,
    title: answers.title ?? `${name} Top-up Center`.slice(0, 120),
    colour: answers.colour ?? NEW_BRAND_COLOUR,
    currency,
    copyright: `© ${year} ${name}`,
    hosts: answers.hosts ?? [`pay.${id}.example`],
    demoHosts: answers.demoHosts ?? [`pay-demo.${id}.example`],
    areas,
    games,
    placeholders,
  };
}

/** The brand as plain data, exactly as the rendered YAML must read back. */
export function draftData(d: BrandDraft): Record<string, unknown> {
  const site = `${d.id}.example`;
  return {
    id: d.id,
    name: d.name,
    title: d.title,
    themeColor: d.colour,
    currency: d.currency,
    copyright: d.copyright,
    links: { privacy: `https://${site}/privacy`, terms: `https://${site}/terms` },
    support: { url: `https://${site}/support` },
    hosts: { production: d.hosts, ...(d.demoHosts.length ? { demo: d.demoHosts } : {}) },
    api: {
      production: { primary: `https://api.${site}`, tracking: `https://track.${site}` },
      demo: { primary: `https://api-demo.${site}`, tracking: `https://track-demo.${site}` },
    },
    areas: Object.fromEntries(
      d.areas.map((a) => [
        a.id,
        {
          ...(a.currency ? { currency: a.currency } : {}),
          languages: a.languages,
          defaultLanguage: a.languages[0],
          regions: a.regions,
          loginClientId: a.loginClientId,
        },
      ]),
    ),
    login: {},
    tracking: { appId: placeholderTrackingAppId(d.id), eventId: "1" },
    games: Object.fromEntries(d.games.map((g) => [g.key, { name: g.name, clientIdMap: g.clientIds, area: g.area }])),
    defaultGame: d.games[0]?.key,
    ...(japanGames(d).length
      ? { legal: { commercialTransactions: Object.fromEntries(japanGames(d).map((g) => [g.key, commercialNotice(d)])) } }
      : {}),
  };
}

export const japanGames = (d: BrandDraft) => d.games.filter((g) => g.area === "ja");

/**
 * The notice on specified commercial transactions Japanese law requires for every product sold
 * online: the usual wording for digital goods, with the seller's own facts left as TODOs.
 */
function commercialNotice(d: BrandDraft): Record<string, string> {
  return {
    seller: d.name,
    address: PLACEHOLDER_ADDRESS,
    contact: `support@${d.id}.example`,
    price: "各商品の購入画面に表示される価格（税込）",
    payment: "購入画面に表示されるお支払い方法。購入時にお支払いが確定します",
    delivery: "決済完了後、直ちにゲーム内に反映されます",
    returns: "デジタルコンテンツの性質上、購入後の返品・キャンセルはお受けできません",
  };
}

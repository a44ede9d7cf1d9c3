// The sandbox catalogue's data files (goods, channels, Razer sub-channels, VIP, events, servers, the
// platform's own texts, and the texts' translations in i18n/): read and checked against their schemas
// once; a broken file stops the start and says what is wrong.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { Ajv2020 } from "ajv/dist/2020.js";
import { CURRENCIES } from "../../core/node/money/currencies.ts";
import { corePaths } from "../../core/node/paths.ts";
import { methodById } from "../../core/node/payments/methods.ts";
import { BASE, fromWire, type RatesData } from "./money.ts";
import { ENGLISH, englishTexts, type TextsData, type Translations } from "./texts.ts";

export type LimitType = "role" | "time" | "game";

export interface GoodsData {
  types: { typeKey: string; name: string; typeSort: number }[];
  explanation: string;
  goods: {
    id: string;
    display: string;
    usd: number;
    originalUsd?: number;
    bonus?: string;
    typeKey: string;
    goodsSort: number;
    isCoupon: boolean;
    isSpecial: boolean;
    limit?: { type: LimitType; frequency: number; days: number };
    description: string;
    icon: string;
  }[];
}

export interface ChannelData {
  paywayId: number;
  channelId: string;
  name: string;
  sort: number;
  minUsd: number;
  maxUsd: number;
  openCoupon: boolean;
  applePay?: boolean;
  /** Answered without an icon, on purpose: the storefront must drop such a channel. */
  noIcon?: boolean;
  description?: string;
}

export interface ChannelsData {
  regions: Record<string, string>;
  otherRegions: string;
  lists: Record<string, (ChannelData & { sub?: "razer" | ChannelData[] })[]>;
}

export interface RazerChannelsData {
  regions: Record<string, { channelId: string; name: string }[]>;
  otherRegions: { channelId: string; name: string }[];
}

export type Pictogram =
  | "card"
  | "bank"
  | "bankTransfer"
  | "onlineBank"
  | "laptopBank"
  | "browserBank"
  | "mobileBank"
  | "wallet"
  | "phoneTap"
  | "phoneBill"
  | "voucher"
  | "pinCard"
  | "coins"
  | "qr"
  | "globe"
  | "store"
  | "transfer";

export interface MarkData {
  /** Background, then pictogram and words. */
  colours: [string, string];
  pictogram: Pictogram;
  wordmark: string;
  tag?: string;
}

export interface PaymentMarksData {
  /** Payway id → its mark. */
  methods: Record<string, MarkData>;
  /** `<payway id>-<channel id>` → that channel's own mark. */
  channels: Record<string, MarkData>;
}

export interface VipCouponData {
  type: "permanent" | "week" | "month";
  name: string;
  rate: number;
  count: number;
  minUsd: number;
}

export interface VipData {
  pointToCoin: number;
  faq: { title: string; content: string };
  levels: { level: number; name: string; points: number; coupons: VipCouponData[]; firstReward?: string }[];
}

export interface EventsData {
  events: {
    idPrefix: string;
    type: "cumulative" | "continue";
    title: string;
    description: string;
    rewards: { id: string; name: string; threshold: number }[];
  }[];
}

export interface ServersData {
  servers: { serverId: string; name: string; realServer: string }[];
  roleNames: string[];
}

export interface CatalogData {
  goods: GoodsData;
  rates: RatesData;
  channels: ChannelsData;
  razerChannels: RazerChannelsData;
  paymentMarks: PaymentMarksData;
  vip: VipData;
  events: EventsData;
  servers: ServersData;
  texts: TextsData;
  /** Every language but English → its text of every text id (i18n/<lang>.json). */
  translations: Translations;
}

/** A data file that does not hold what its schema says. */
export class CatalogDataError extends Error {}

export const CATALOG_DIR = fileURLToPath(new URL(".", import.meta.url));

type DataFile = Exclude<keyof CatalogData, "translations">;

const FILES: Record<DataFile, string> = {
  goods: "goods.json",
  rates: "rates.json",
  channels: "channels.json",
  razerChannels: "razer-channels.json",
  paymentMarks: "payment-marks.json",
  vip: "vip.json",
  events: "events.json",
  servers: "servers.json",
  texts: "texts.json",
};

/** Reads and checks every data file of `dir` (the catalogue's own by default). */
export function loadCatalogData(dir = CATALOG_DIR): CatalogData {
  // Schema defaults (a channel's open price bounds, coupons allowed) are filled in as the files are read.
  const ajv = new Ajv2020({ allErrors: true, useDefaults: true });
  const data: Partial<Record<DataFile, unknown>> = {};
  for (const [key, file] of Object.entries(FILES) as [DataFile, string][]) {
    data[key] = readChecked(ajv, join(dir, file), file.replace(/\.json$/, ".schema.json"));
  }
  const checked = data as Omit<CatalogData, "translations">;
  const broken = crossReferences(checked);
  if (broken.length) throw new CatalogDataError(`server/catalog data do not fit together: ${broken.join("; ")}`);
  return { ...checked, translations: readTranslations(ajv, dir, checked) };
}

/** A data file, parsed and checked against its schema (of the catalogue's own schemas folder). */
function readChecked(ajv: Ajv2020, path: string, schemaFile: string): unknown {
  const shown = relative(corePaths.root, path) || path;
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, "utf8"));
  } catch (err) {
    throw new CatalogDataError(`${shown} cannot be read: ${err instanceof Error ? err.message : String(err)}`);
  }
  const validate = ajv.getSchema(schemaFile) ?? ajv.compile(readSchema(schemaFile));
  if (!validate(value)) {
    const problems = (validate.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message}`).join("; ");
    throw new CatalogDataError(`${shown} is invalid: ${problems}`);
  }
  return value;
}

const readSchema = (file: string) => ({ ...JSON.parse(readFileSync(join(CATALOG_DIR, "schemas", file), "utf8")), $id: file });

/** The storefront's languages (schema/brands.schema.json): each but English has its i18n file. */
function storefrontLanguages(): string[] {
  const schema = JSON.parse(readFileSync(corePaths.brandsSchema, "utf8")) as { $defs: { language: { enum: string[] } } };
  return schema.$defs.language.enum;
}

/**
 * i18n/<lang>.json of every storefront language but English, each checked to have exactly the
 * catalogue's text ids: a text added to a data file without its translations stops the start.
 */
function readTranslations(ajv: Ajv2020, dir: string, data: Omit<CatalogData, "translations">): Translations {
  const { texts, problems } = englishTexts(data);
  if (problems.length) throw new CatalogDataError(`server/catalog texts do not fit together: ${problems.join("; ")}`);
  const folder = join(dir, "i18n");
  const shownFolder = relative(corePaths.root, folder) || folder;
  const present = readdirSync(folder)
    .filter((f) => f.endsWith(".json"))
    .map((f) => f.slice(0, -".json".length))
    .sort();
  const wanted = storefrontLanguages().filter((l) => l !== ENGLISH);
  const absent = wanted.filter((l) => !present.includes(l));
  const stray = present.filter((l) => !wanted.includes(l));
  if (absent.length) throw new CatalogDataError(`${shownFolder} has no file for ${absent.join(", ")}`);
  if (stray.length)
    throw new CatalogDataError(
      `${shownFolder} has files for ${stray.join(", ")}, which are not storefront languages (English is the data files)`,
    );
  const translations = new Map<string, Record<string, string>>();
  for (const lang of wanted) {
    const file = `${lang}.json`;
    const { $schema: _, ...own } = readChecked(ajv, join(folder, file), "i18n.schema.json") as Record<string, string>;
    const missing = [...texts.keys()].filter((id) => own[id] === undefined);
    const extra = Object.keys(own).filter((id) => !texts.has(id));
    const list = (ids: string[]) => `${ids.slice(0, 5).join(", ")}${ids.length > 5 ? ` and ${ids.length - 5} more` : ""}`;
    if (missing.length)
      throw new CatalogDataError(`${shownFolder}/${file} has no text for ${list(missing)} (English: '${texts.get(missing[0] as string)}')`);
    if (extra.length) throw new CatalogDataError(`${shownFolder}/${file} has texts for ids the catalogue does not have: ${list(extra)}`);
    translations.set(lang, own);
  }
  return translations;
}

/** What the schemas cannot say: names that point at other entries. */
function crossReferences(data: Omit<CatalogData, "translations">): string[] {
  const problems: string[] = [];
  const lists = new Set(Object.keys(data.channels.lists));
  for (const [region, list] of Object.entries(data.channels.regions))
    if (!lists.has(list)) problems.push(`channels.json: region ${region} names no list '${list}'`);
  if (!lists.has(data.channels.otherRegions)) problems.push(`channels.json: otherRegions names no list '${data.channels.otherRegions}'`);
  for (const key of [...Object.keys(data.paymentMarks.methods), ...Object.keys(data.paymentMarks.channels)]) {
    const paywayId = Number(key.split("-")[0]);
    if (!methodById.has(paywayId)) problems.push(`payment-marks.json: ${key} names no payment method of schema/payment-methods.json`);
  }
  const types = new Set(data.goods.types.map((t) => t.typeKey));
  for (const g of data.goods.goods) if (!types.has(g.typeKey)) problems.push(`goods.json: ${g.id} has an unknown typeKey '${g.typeKey}'`);
  const ids = data.goods.goods.map((g) => g.id);
  const twice = ids.find((id, i) => ids.indexOf(id) !== i);
  if (twice) problems.push(`goods.json: ${twice} is listed twice`);
  // Amounts are whole cents: a price the integer money cannot hold exactly is refused, never rounded.
  const cents = (where: string, value: number) => {
    if (fromWire(value, BASE) === undefined) problems.push(`${where}: ${value} US dollars is not a whole number of cents`);
  };
  for (const goods of data.goods.goods) {
    cents(`goods.json: ${goods.id} usd`, goods.usd);
    if (goods.originalUsd !== undefined) cents(`goods.json: ${goods.id} originalUsd`, goods.originalUsd);
  }
  for (const [name, list] of Object.entries(data.channels.lists))
    for (const channel of list)
      for (const bound of [channel.minUsd, channel.maxUsd])
        if (bound > 0) cents(`channels.json: ${name}/${channel.channelId} bound`, bound);
  for (const level of data.vip.levels) for (const c of level.coupons) cents(`vip.json: level ${level.level} ${c.name} minUsd`, c.minUsd);
  for (const event of data.events.events)
    if (event.type === "cumulative")
      for (const reward of event.rewards) cents(`events.json: ${event.idPrefix}/${reward.id} threshold`, reward.threshold);
  for (const [code, rate] of Object.entries(data.rates.currencies)) {
    if (!CURRENCIES[code]) problems.push(`rates.json: ${code} is not an ISO 4217 currency of schema/currencies.json`);
    else if (fromWire(rate.step, code) === undefined) problems.push(`rates.json: ${code}'s step ${rate.step} is finer than its minor unit`);
  }
  if (data.rates.currencies[BASE]?.perBase !== "1") problems.push(`rates.json: the base currency ${BASE} must have perBase "1"`);
  const levels = data.vip.levels;
  if (levels[0]?.points !== 0) problems.push("vip.json: the first level must need 0 points");
  levels.forEach((level, place) => {
    if (level.level !== place) problems.push(`vip.json: level ${level.level} is in place ${place}`);
    const before = levels[place - 1];
    if (before && before.points >= level.points)
      problems.push(`vip.json: level ${level.level} needs no more points than level ${before.level}`);
  });
  return problems;
}

/** The catalogue's data files, read for each platform that is built (nothing is kept per process). */
export const catalogData = (): CatalogData => loadCatalogData();

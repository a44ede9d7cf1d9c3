// The catalogue's texts in the caller's language: every text a player reads (goods and their tabs,
// VIP levels, coupons, events, channel tips, sub-channel names, the partner gift) has a stable id;
// English is the data files themselves, i18n/<lang>.json gives each other language every id.
// Amounts, ids and product ids are not texts: they never change with the language.

/** The platform's own words that belong to no other data file (texts.json). */
export interface TextsData {
  partnerGift: string;
  lockReasons: { noCoupon: string; minSpend: string };
  seedCoupons: { welcome: string; spring: string };
}

/** What of the data files has texts (a catalogue's data has this shape, and more). */
export interface TextSources {
  goods: {
    types: { typeKey: string; name: string }[];
    explanation: string;
    goods: { id: string; display: string; description: string }[];
  };
  vip: {
    faq: { title: string; content: string };
    levels: { level: number; name: string; firstReward?: string; coupons: { type: string; name: string }[] }[];
  };
  events: { events: { idPrefix: string; title: string; description: string; rewards: { id: string; name: string }[] }[] };
  channels: {
    lists: Record<
      string,
      {
        paywayId: number;
        channelId: string;
        description?: string;
        sub?: "razer" | { paywayId: number; channelId: string; name: string }[];
      }[]
    >;
  };
  razerChannels: { regions: Record<string, { channelId: string; name: string }[]>; otherRegions: { channelId: string; name: string }[] };
  texts: TextsData;
}

/** The stable id of each kind of text; the data's own keys make it, never its English. */
export const textId = {
  goodsType: (typeKey: string) => `goods.type.${typeKey}`,
  goodsExplanation: () => "goods.explanation",
  goodsDisplay: (id: string) => `goods.${id}.display`,
  goodsDescription: (id: string) => `goods.${id}.description`,
  vipFaqTitle: () => "vip.faq.title",
  vipFaqContent: () => "vip.faq.content",
  vipLevel: (level: number) => `vip.level.${level}.name`,
  vipFirstReward: (level: number) => `vip.level.${level}.firstReward`,
  vipCoupon: (level: number, type: string) => `vip.level.${level}.coupon.${type}`,
  eventTitle: (prefix: string) => `event.${prefix}.title`,
  eventDescription: (prefix: string) => `event.${prefix}.description`,
  eventReward: (prefix: string, reward: string) => `event.${prefix}.reward.${reward}`,
  /** One field of a channel's description (JSON text): `tip`, for instance. */
  channelTip: (list: string, channelId: string, field: string) => `channel.${list}.${channelId}.${field}`,
  /** A sub-channel's name, by its key (payway id and channel id). */
  subChannel: (paywayId: number, channelId: string) => `subChannel.${paywayId}_${channelId}`,
  partnerGift: () => "gift.partner",
  lockReason: (reason: "noCoupon" | "minSpend") => `coupon.lock.${reason}`,
  seedCoupon: (name: "welcome" | "spring") => `coupon.seed.${name}`,
};

/** A channel's description as the data gives it: JSON text whose string fields are read. */
export function descriptionFields(description: string): Record<string, string> | undefined {
  try {
    const parsed: unknown = JSON.parse(description);
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return undefined;
    return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === "string"));
  } catch {
    return undefined;
  }
}

/**
 * Every text of the catalogue by its id, in English, and what does not fit: a sub-channel key named
 * differently in two places, a description that is not a JSON object.
 */
export function englishTexts(data: TextSources): { texts: Map<string, string>; problems: string[] } {
  const texts = new Map<string, string>();
  const problems: string[] = [];
  const add = (id: string, text: string, where: string) => {
    const before = texts.get(id);
    if (before !== undefined && before !== text) problems.push(`${where}: '${text}' and '${before}' share the text id ${id}`);
    texts.set(id, text);
  };
  const { goods, vip, events, channels, razerChannels, texts: own } = data;
  for (const t of goods.types) add(textId.goodsType(t.typeKey), t.name, "goods.json");
  add(textId.goodsExplanation(), goods.explanation, "goods.json");
  for (const goodsEntry of goods.goods) {
    add(textId.goodsDisplay(goodsEntry.id), goodsEntry.display, "goods.json");
    add(textId.goodsDescription(goodsEntry.id), goodsEntry.description, "goods.json");
  }
  add(textId.vipFaqTitle(), vip.faq.title, "vip.json");
  add(textId.vipFaqContent(), vip.faq.content, "vip.json");
  for (const level of vip.levels) {
    add(textId.vipLevel(level.level), level.name, "vip.json");
    if (level.firstReward) add(textId.vipFirstReward(level.level), level.firstReward, "vip.json");
    for (const coupon of level.coupons) add(textId.vipCoupon(level.level, coupon.type), coupon.name, "vip.json");
  }
  for (const event of events.events) {
    add(textId.eventTitle(event.idPrefix), event.title, "events.json");
    if (event.description) add(textId.eventDescription(event.idPrefix), event.description, "events.json");
    for (const reward of event.rewards) add(textId.eventReward(event.idPrefix, reward.id), reward.name, "events.json");
  }
  for (const [list, entries] of Object.entries(channels.lists)) {
    for (const channel of entries) {
      if (channel.description !== undefined) {
        const fields = descriptionFields(channel.description);
        if (!fields) problems.push(`channels.json: ${list}/${channel.channelId}'s description is not a JSON object`);
        for (const [field, text] of Object.entries(fields ?? {}))
          add(textId.channelTip(list, channel.channelId, field), text, "channels.json");
      }
      if (Array.isArray(channel.sub))
        for (const sub of channel.sub) add(textId.subChannel(sub.paywayId, sub.channelId), sub.name, "channels.json");
      // Razer Gold's sub-channels take the channel's payway id (channels.ts).
      if (channel.sub === "razer")
        for (const sub of [...Object.values(razerChannels.regions).flat(), ...razerChannels.otherRegions])
          add(textId.subChannel(channel.paywayId, sub.channelId), sub.name, "razer-channels.json");
    }
  }
  add(textId.partnerGift(), own.partnerGift, "texts.json");
  add(textId.lockReason("noCoupon"), own.lockReasons.noCoupon, "texts.json");
  add(textId.lockReason("minSpend"), own.lockReasons.minSpend, "texts.json");
  add(textId.seedCoupon("welcome"), own.seedCoupons.welcome, "texts.json");
  add(textId.seedCoupon("spring"), own.seedCoupons.spring, "texts.json");
  return { texts, problems };
}

/** Each language's texts by id (English aside: it is the data). */
export type Translations = ReadonlyMap<string, Readonly<Record<string, string>>>;

/** The texts of one language: a text's translation, or its English when the language has none. */
export interface Texts {
  /** The language answered: the asked one when the catalogue has it, else English. */
  lang: string;
  text(id: string, english: string): string;
}

export const ENGLISH = "en";

/** The catalogue language for a `spec_lang`: its own (zh-TW → zh-tw), its base (pt-BR → pt), else English. */
export function catalogLanguage(translations: Translations, specLang: string | undefined): string {
  const lang = (specLang ?? "").trim().toLowerCase().replace(/_/g, "-");
  if (translations.has(lang)) return lang;
  const base = lang.split("-")[0] ?? "";
  return translations.has(base) ? base : ENGLISH;
}

export function textsFor(translations: Translations, specLang: string | undefined): Texts {
  const lang = catalogLanguage(translations, specLang);
  const own = translations.get(lang);
  return { lang, text: (id, english) => own?.[id] ?? english };
}

/** A JSON map of every language → its text (a coupon's name as docs/api.md#type-coupon allows it), English first. */
export function textInEveryLanguage(translations: Translations, id: string, english: string): string {
  const map: Record<string, string> = { [ENGLISH]: english };
  for (const [lang, texts] of translations) map[lang] = texts[id] ?? english;
  return JSON.stringify(map);
}

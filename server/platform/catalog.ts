// The sandbox catalogue, derived from brands.yaml alone (a new brand gets data without code changes):
// games, sub-games, servers, goods and prices, limits, payment channels, VIP levels and events.
// Deterministic: the same config always gives the same ids, so state in the database stays valid.
import type { Brand, BrandsConfig } from "../../core/config/types.ts";
import { convert } from "../../core/money/money.ts";

export type LimitType = "role" | "time" | "game";

export interface CatalogGoods {
  productId: string;
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
}

export interface CatalogChannel {
  paywayId: number;
  channelId: string;
  name: string;
  sort: number;
  minUsd: number;
  maxUsd: number;
  openCoupon: boolean;
  applePay?: boolean;
  description?: string;
  sub?: CatalogChannel[];
}

export interface CatalogGame {
  brand: Brand;
  gameKey: string;
  gpId: number;
  name: string;
  area: string;
  currency: string;
  clientIds: { android: string; ios: string; web: string };
  subGames: { code: string; name: string; clientId: string }[];
  parentGpId?: number;
  servers: { serverId: string; name: string; realServer: string }[];
  goods: CatalogGoods[];
  isAreaRole: boolean;
  hasEvents: boolean;
  vip: boolean;
}

export interface Activity {
  id: string;
  type: "cumulative" | "continue";
  title: string;
  description: string;
  start: Date;
  end: Date;
  rewards: { id: string; name: string; threshold: number }[];
}

/** FNV-1a: stable 31-bit ids from names, independent of the order of brands.yaml. */
export function stableId(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) & 0x7fffffff || 1;
}

export const GOODS_TYPES = [
  { typeKey: "gems", name: "Gems", typeSort: 1 },
  { typeKey: "pass", name: "Passes", typeSort: 2 },
  { typeKey: "bundle", name: "Bundles", typeSort: 3 },
];

function goodsFor(gameKey: string): CatalogGoods[] {
  const gems = [
    [60, 0.99],
    [300, 4.99],
    [680, 9.99],
    [1280, 19.99],
    [3280, 49.99],
    [6480, 99.99],
  ] as const;
  const list: CatalogGoods[] = gems.map(([amount, usd], i) => ({
    productId: `${gameKey}.gems.${amount}`,
    display: `${amount.toLocaleString("en-US")} Gems`,
    usd,
    bonus: i >= 2 ? `+${i * 5}%` : undefined,
    typeKey: "gems",
    goodsSort: i + 1,
    isCoupon: true,
    isSpecial: false,
    description: `${amount} gems, credited to the chosen character right after payment.`,
    icon: `gems-${Math.min(i + 1, 4)}`,
  }));
  list.push(
    {
      productId: `${gameKey}.pass.monthly`,
      display: "Monthly Pass",
      usd: 4.99,
      typeKey: "pass",
      goodsSort: 1,
      isCoupon: false,
      isSpecial: false,
      limit: { type: "role", frequency: 1, days: 0 },
      description: "300 gems now and 100 gems a day for 30 days. Once per character.",
      icon: "pass-month",
    },
    {
      productId: `${gameKey}.pass.weekly`,
      display: "Weekly Pass",
      usd: 1.99,
      typeKey: "pass",
      goodsSort: 2,
      isCoupon: true,
      isSpecial: false,
      limit: { type: "time", frequency: 2, days: 7 },
      description: "60 gems a day for 7 days. Twice in 7 days.",
      icon: "pass-week",
    },
    {
      productId: `${gameKey}.bundle.starter`,
      display: "Starter Bundle",
      usd: 2.99,
      originalUsd: 9.99,
      typeKey: "bundle",
      goodsSort: 1,
      isCoupon: false,
      isSpecial: true,
      limit: { type: "game", frequency: 1, days: 30 },
      description: "Hero skin, 500 gems and a rare weapon. Once per account every 30 days.",
      icon: "bundle-starter",
    },
    {
      productId: `${gameKey}.bundle.legend`,
      display: "Legend Bundle",
      usd: 29.99,
      originalUsd: 39.99,
      typeKey: "bundle",
      goodsSort: 2,
      isCoupon: true,
      isSpecial: false,
      description: "2,000 gems, a legendary mount and 10 summon tickets.",
      icon: "bundle-legend",
    },
  );
  return list;
}

const RAZER_SUBS: Record<string, [string, string][]> = {
  MY: [
    ["1", "e-wallet"],
    ["3", "prepaid card"],
    ["605", "molpoints"],
    ["91", "Online banking"],
    ["92", "Bank transfer"],
    ["121", "FPX banking"],
  ],
  TH: [
    ["143", "truewallet"],
    ["142", "linepay"],
    ["602", "truemoney"],
    ["601", "12call"],
    ["128", "Internet banking"],
    ["129", "Mobile banking"],
  ],
  TR: [
    ["127", "ininal"],
    ["1", "e-wallet"],
  ],
  DEFAULT: [
    ["1", "e-wallet"],
    ["3", "prepaid card"],
    ["130", "Internet banking"],
    ["93", "Online banking"],
    ["94", "Bank transfer"],
  ],
};

const ch = (paywayId: number, channelId: string, name: string, sort: number, extra: Partial<CatalogChannel> = {}): CatalogChannel => ({
  paywayId,
  channelId,
  name,
  sort,
  minUsd: 0,
  maxUsd: 0,
  openCoupon: true,
  ...extra,
});

const card = (applePay: boolean) => [
  ch(12101, "card", "Credit / debit card", 1),
  ...(applePay ? [ch(12101, "applepay", "Apple Pay", 0, { applePay: true })] : []),
];

/** Channels by payment region. Every payment method of the catalogue appears in at least one region. */
export function channelsForRegion(region: string): CatalogChannel[] {
  const razer = (r: string) =>
    ch(10103, "razer", "Razer Gold", 10, {
      minUsd: 1,
      maxUsd: 500,
      sub: (RAZER_SUBS[r] ?? RAZER_SUBS.DEFAULT ?? []).map(([id, name], i) => ch(10103, id, name, i + 1, { minUsd: 1, maxUsd: 500 })),
    });
  const sea = (r: string) => [
    razer(r),
    ch(10101, "bank", "Razer Bank", 20, { minUsd: 5, maxUsd: 0 }),
    ch(10102, "e2p", "Razer e2p", 21, { minUsd: 0, maxUsd: 200 }),
    ch(10104, "e2p_t1", "Razer e2p T1", 22, { minUsd: 10, maxUsd: 1000 }),
    ch(10401, "coda", "Codapay", 30, { maxUsd: 100, description: '{"tip":"Mobile credit and e-wallets"}' }),
    ch(11801, "payermax", "PayerMax", 40),
  ];
  switch (region) {
    case "PH":
    case "MY":
    case "SG":
    case "ID":
    case "TH":
    case "VN":
    case "IN":
      return sea(region);
    case "MMK":
      return [ch(10401, "coda", "Codapay", 1, { maxUsd: 100 }), ch(10701, "travellet", "Travellet", 2)];
    case "TR":
      return [razer("TR"), ch(11801, "payermax", "PayerMax", 20), ch(10201, "paypal", "PayPal", 30)];
    case "BR":
      return [
        ch(10501, "pix", "Pagsmile", 1, { description: '{"tip":"PIX and boleto"}' }),
        ch(12201, "ebanx", "EBANX", 2),
        ch(10201, "paypal", "PayPal", 3),
      ];
    case "US":
    case "FR":
    case "DE":
    case "NL":
      return [
        ch(10201, "paypal", "PayPal", 1),
        ch(11702, "card", "Card (Airwallex)", 2),
        ch(12101, "adyen", "Adyen", 3, { sub: card(true) }),
        ch(11001, "xsolla", "Xsolla", 4),
        ch(12001, "pingpong", "PingPong", 5, { openCoupon: false }),
      ];
    case "JP":
      return [
        ch(10801, "platform", "コンビニ・キャリア決済", 1, { description: '{"tip":"Konbini and carrier billing"}' }),
        ch(11702, "card", "クレジットカード", 2),
        ch(12101, "adyen", "Adyen", 3, { sub: card(true) }),
        ch(10201, "paypal", "PayPal", 4),
        ch(10701, "travellet", "Travellet", 5),
      ];
    case "KR":
      return [
        ch(11401, "naver", "네이버페이", 1),
        ch(11501, "welcome", "웰컴페이 카드", 2),
        ch(12301, "kakao", "카카오페이", 3),
        ch(10201, "paypal", "PayPal", 4),
        ch(11702, "card", "Card (Airwallex)", 5),
      ];
    case "TW":
    case "HK":
      return [
        ch(10302, "billing", "MyCard 電信小額", 1),
        ch(10303, "koudian", "MyCard 會員扣點", 2, { maxUsd: 50 }),
        ch(10301, "ingame", "MyCard 點數卡", 3, { openCoupon: false }),
        ch(11601, "alipay", "支付寶", 4),
        ch(10201, "paypal", "PayPal", 5),
        ch(11702, "card", "信用卡 (Airwallex)", 6),
      ];
    case "RU":
      return [
        ch(11001, "xsolla", "Xsolla", 1),
        ch(11801, "payermax", "PayerMax", 2),
        ch(12001, "pingpong", "PingPong", 3),
        ch(11702, "card", "Card (Airwallex)", 4),
      ];
    default:
      return [
        ch(10201, "paypal", "PayPal", 1),
        ch(11701, "airwallex", "Airwallex", 2),
        ch(11702, "card", "Card (Airwallex)", 3),
        ch(11601, "alipay", "Alipay", 4, { sub: [ch(11601, "WALLET", "Alipay wallet", 1), ch(11602, "CARD", "Alipay card", 2)] }),
        ch(11001, "xsolla", "Xsolla", 5),
        ch(12101, "adyen", "Adyen", 6, { sub: card(true) }),
        ch(10801, "platform", "Platform Pay", 7),
        ch(11801, "payermax", "PayerMax", 8),
        ch(12001, "pingpong", "PingPong", 9),
      ];
  }
}

export const VIP_LEVELS = [
  {
    level: 0,
    name: "Bronze",
    points: 0,
    coupons: [] as { type: "permanent" | "week" | "month"; name: string; rate: number; count: number; minUsd: number }[],
    first: "",
  },
  {
    level: 1,
    name: "Silver",
    points: 1000,
    coupons: [
      { type: "permanent" as const, name: "5% off", rate: 0.95, count: 1, minUsd: 0 },
      { type: "week" as const, name: "3% off weekly", rate: 0.97, count: 1, minUsd: 0 },
    ],
    first: "Silver frame",
  },
  {
    level: 2,
    name: "Gold",
    points: 5000,
    coupons: [
      { type: "permanent" as const, name: "8% off", rate: 0.92, count: 1, minUsd: 4 },
      { type: "week" as const, name: "5% off weekly", rate: 0.95, count: 1, minUsd: 0 },
      { type: "month" as const, name: "10% off monthly", rate: 0.9, count: 1, minUsd: 9 },
    ],
    first: "Gold frame and 500 gems",
  },
  {
    level: 3,
    name: "Platinum",
    points: 20000,
    coupons: [
      { type: "permanent" as const, name: "12% off", rate: 0.88, count: 1, minUsd: 19 },
      { type: "week" as const, name: "6% off weekly", rate: 0.94, count: 2, minUsd: 0 },
      { type: "month" as const, name: "15% off monthly", rate: 0.85, count: 1, minUsd: 19 },
    ],
    first: "Platinum mount",
  },
  {
    level: 4,
    name: "Diamond",
    points: 50000,
    coupons: [
      { type: "permanent" as const, name: "15% off", rate: 0.85, count: 1, minUsd: 19 },
      { type: "week" as const, name: "8% off weekly", rate: 0.92, count: 2, minUsd: 0 },
      { type: "month" as const, name: "20% off monthly", rate: 0.8, count: 1, minUsd: 49 },
    ],
    first: "Diamond wings",
  },
];

export const POINT_TO_COIN = 0.1;

/** The running events of a game: the current calendar month (UTC). */
export function activitiesFor(game: CatalogGame, now = new Date()): Activity[] {
  if (!game.hasEvents) return [];
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) - 1000);
  const period = start.toISOString().slice(0, 7);
  const amount = (usd: number) => convert(usd, game.currency);
  return [
    {
      id: `cum-${game.gpId}-${period}`,
      type: "cumulative",
      title: "Top-up rewards",
      description: "Top up during the event to unlock rewards.",
      start,
      end,
      rewards: [
        { id: "r1", name: "200 Gems", threshold: amount(5) },
        { id: "r2", name: "Epic chest", threshold: amount(20) },
        { id: "r3", name: "Legendary hero shard", threshold: amount(100) },
      ],
    },
    {
      id: `con-${game.gpId}-${period}`,
      type: "continue",
      title: "Daily top-up streak",
      description: "Top up on consecutive days to unlock rewards.",
      start,
      end,
      rewards: [
        { id: "d1", name: "50 Gems", threshold: 1 },
        { id: "d3", name: "Rare chest", threshold: 3 },
        { id: "d7", name: "Exclusive avatar", threshold: 7 },
      ],
    },
  ];
}

export interface Catalog {
  config: BrandsConfig;
  brands: Map<string, Brand>;
  games: CatalogGame[];
  byClientId: Map<string, CatalogGame>;
  byGpId: Map<number, CatalogGame>;
  /** Platform API hosts → brand, for calls that carry no client id. */
  apiHosts: Map<string, string>;
}

const SERVER_NAMES = ["Aurora", "Borealis", "Cinder", "Dawn", "Ember", "Frost", "Gale", "Haven"];

export function buildCatalog(config: BrandsConfig): Catalog {
  const games: CatalogGame[] = [];
  const apiHosts = new Map<string, string>();
  for (const brand of config.brands) {
    for (const mode of [brand.api.production, brand.api.demo]) {
      for (const origin of [mode.primary, ...mode.backup]) apiHosts.set(new URL(origin).hostname, brand.id);
    }
    for (const [gameKey, g] of Object.entries(brand.games)) {
      if (!g) continue;
      const area = brand.areas[g.area];
      const gpId = stableId(`${brand.id}/${gameKey}`);
      const base: Omit<CatalogGame, "gpId" | "clientIds" | "subGames" | "name" | "parentGpId"> = {
        brand,
        gameKey,
        area: g.area,
        currency: area?.currency ?? brand.currency,
        servers: SERVER_NAMES.map((name, i) => ({
          serverId: String(1001 + i),
          name: `S${i + 1} ${name}`,
          // Servers 7 and 8 were merged into 5 and 6.
          realServer: String(i >= 6 ? 1001 + i - 2 : 1001 + i),
        })),
        goods: goodsFor(gameKey),
        isAreaRole: Object.keys(brand.games).indexOf(gameKey) % 2 === 1,
        hasEvents: brand.features.events,
        vip: brand.features.vip,
      };
      const subCode = "classic";
      const subClient = `${g.clientIdMap.web}-${subCode}`;
      const parent: CatalogGame = {
        ...base,
        gpId,
        name: g.name,
        clientIds: g.clientIdMap,
        subGames: [{ code: subCode, name: `${g.name} Classic`, clientId: subClient }],
      };
      const sub: CatalogGame = {
        ...base,
        gameKey: `${gameKey}-${subCode}`,
        gpId: stableId(`${brand.id}/${gameKey}/${subCode}`),
        name: `${g.name} Classic`,
        clientIds: { android: subClient, ios: subClient, web: subClient },
        subGames: [],
        parentGpId: gpId,
        goods: goodsFor(`${gameKey}-${subCode}`),
      };
      games.push(parent, sub);
    }
  }
  const byClientId = new Map<string, CatalogGame>();
  for (const game of games) for (const id of Object.values(game.clientIds)) byClientId.set(id, game);
  return {
    config,
    brands: new Map(config.brands.map((b) => [b.id, b])),
    games,
    byClientId,
    byGpId: new Map(games.map((g) => [g.gpId, g])),
    apiHosts,
  };
}

export function priceOf(game: CatalogGame, goods: CatalogGoods): { price: number; original?: number } {
  return {
    price: convert(goods.usd, game.currency),
    ...(goods.originalUsd ? { original: convert(goods.originalUsd, game.currency) } : {}),
  };
}

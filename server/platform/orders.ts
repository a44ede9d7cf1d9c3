// Orders: the payment list, price quotes, pay orders with their guards, limits, order status.
// Prices, limits and coupons are decided here, in transactions; the browser's numbers are never used.
import { randomInt } from "node:crypto";
import type { PaymentChannel as Channel, LimitInfo, OrderInfo, PayResult } from "../../core/generated/api-types.ts";
import { convert, growthPoints } from "../../core/money/money.ts";
import { CARD_PAYWAY_ID, methodById, startsAt } from "../../core/payments/methods.ts";
import type { Queryable } from "../db.ts";
import { type CatalogChannel, type CatalogGame, type CatalogGoods, channelsForRegion, priceOf } from "./catalog.ts";
import { couponForOrder, takeCoupon } from "./coupons.ts";
import { hmac } from "./crypto.ts";
import { E, fail } from "./errors.ts";
import { artUrl, checkArea } from "./games.ts";
import { type Account, gameOf, type Handlers, type Platform, requireUser } from "./platform.ts";
import { openReplenishLink } from "./replenish.ts";
import { recordDeliveries, settleDueCardOrders } from "./settlement.ts";

export const STATUS = { success: 1, pending: -1, fail: -2, repeat: 10 } as const;

export function regionsOf(game: CatalogGame): string[] {
  return game.brand.areas[game.area]?.regions ?? ["GLOBAL"];
}

function channelView(game: CatalogGame, c: CatalogChannel, origin: string, region: string): Channel {
  const key = `${c.paywayId}_${c.channelId}`;
  // Travellet has no icon in the sandbox on purpose: the storefront must drop channels without one.
  const icon = c.paywayId === 10701 ? "" : artUrl(origin, "payway", `${c.paywayId}-${c.channelId}`);
  return {
    payway_id: c.paywayId,
    channel_id: c.channelId,
    key,
    name: c.name,
    icon,
    sort: c.sort,
    min_money: c.minUsd > 0 ? convert(c.minUsd, game.currency) : c.minUsd,
    max_money: c.maxUsd > 0 ? convert(c.maxUsd, game.currency) : c.maxUsd,
    open_coupon: c.openCoupon,
    pay_id: `${region}-${key}`,
    ...(c.applePay ? { apple_pay: true } : {}),
    ...(c.description ? { description: c.description } : {}),
    sub_payment: (c.sub ?? []).map((s) => channelView(game, s, origin, region)),
  };
}

// Keyed by the catalogue's game object, not its id: a platform rebuilt from a changed config (gen dev)
// has new game objects, so it never sees the channels of the config before.
const countryMaps = new WeakMap<CatalogGame, Map<string, Record<string, Channel[]>>>();

/** Region → channels of a game; the same for every request, so built once per game and host. */
export function countryMap(game: CatalogGame, origin: string): Record<string, Channel[]> {
  let byOrigin = countryMaps.get(game);
  if (!byOrigin) {
    byOrigin = new Map();
    countryMaps.set(game, byOrigin);
  }
  let map = byOrigin.get(origin);
  if (!map) {
    map = Object.fromEntries(regionsOf(game).map((r) => [r, channelsForRegion(r).map((c) => channelView(game, c, origin, r))]));
    if (byOrigin.size > 1000) byOrigin.clear();
    byOrigin.set(origin, map);
  }
  return map;
}

/** §5 price rule: bounds ≤ 0 mean "no bound". */
export function priceFits(price: number, min: number, max: number): boolean {
  if (min <= 0 && max <= 0) return true;
  if (min <= 0) return price <= max;
  if (max <= 0) return price >= min;
  return price >= min && price <= max;
}

function findChannel(region: string, paywayId: number, channelId: string): CatalogChannel | undefined {
  for (const c of channelsForRegion(region)) {
    const candidates = [c, ...(c.sub ?? [])];
    const hit = candidates.find((x) => x.paywayId === paywayId && x.channelId === channelId);
    if (hit) return { ...hit, openCoupon: hit.openCoupon && c.openCoupon };
  }
  return undefined;
}

export function goodsOf(game: CatalogGame, productId: string): CatalogGoods {
  const goods = game.goods.find((g) => g.productId === productId);
  if (!goods) fail(E.goodsNotFound);
  return goods;
}

const newBillingNo = () => {
  const d = new Date();
  const day = `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, "0")}${String(d.getUTCDate()).padStart(2, "0")}`;
  return `SB${day}${String(randomInt(0, 1e10)).padStart(10, "0")}`;
};

export const checkoutUrl = (platform: Platform, origin: string, billingNo: string) =>
  `${origin}/sandbox/checkout/${billingNo}?sig=${hmac(platform.secret, `checkout:${billingNo}`)}`;

const seconds = (d: Date | string | null | undefined) => (d ? Math.floor(new Date(d).getTime() / 1000) : 0);

interface LimitState {
  used: number;
  pending?: string;
  nextPayTime: number;
}

/** How much of a limited goods the role (or, for 'game', the account) has used. */
async function limitState(
  db: Queryable,
  game: CatalogGame,
  goods: CatalogGoods,
  userId: string,
  roleId: string,
  now: Date,
): Promise<LimitState> {
  const limit = goods.limit;
  if (!limit) return { used: 0, nextPayTime: 0 };
  const byAccount = limit.type === "game";
  const windowed = limit.type !== "role" && limit.days > 0;
  const rows = await db.query<{ status: number; billing_no: string; paid_at: string | null }>(
    `SELECT status, billing_no, paid_at FROM orders
      WHERE gp_id = $1 AND product_id = $2 AND ${byAccount ? "user_id = $3" : "role_id = $3"}
        AND (status = -1 OR (status = 1 ${windowed ? "AND paid_at > $4" : ""}))
      ORDER BY paid_at`,
    windowed
      ? [game.gpId, goods.productId, byAccount ? userId : roleId, new Date(now.getTime() - limit.days * 86_400_000)]
      : [game.gpId, goods.productId, byAccount ? userId : roleId],
  );
  const paid = rows.filter((r) => r.status === 1);
  const pending = rows.find((r) => r.status === -1)?.billing_no;
  let nextPayTime = 0;
  if (paid.length >= limit.frequency && windowed) {
    const oldest = paid[paid.length - limit.frequency];
    nextPayTime = seconds(oldest?.paid_at) + limit.days * 86_400;
  }
  return { used: paid.length, nextPayTime, ...(pending ? { pending } : {}) };
}

export function limitView(goods: CatalogGoods, state: LimitState): LimitInfo {
  const limit = goods.limit ?? { type: "role" as const, frequency: 0, days: 0 };
  return {
    product_id: goods.productId,
    limit_type: limit.type,
    frequency: limit.frequency,
    day_info: limit.days,
    extra_pay_times: state.pending ? -1 : Math.max(0, limit.frequency - state.used),
    next_pay_time: state.nextPayTime,
    ...(state.pending ? { pending_billing_no: state.pending } : {}),
  };
}

export interface NewOrder {
  game: CatalogGame;
  goods: CatalogGoods;
  user: Account;
  payer?: Account;
  roleId: string;
  serverId: string;
  paywayId: number;
  channelId: string;
  region: string | null;
  couponCode?: string;
  replenishId?: string;
  platform: string;
  payUrl: (billingNo: string) => string | null;
  meta: Record<string, unknown>;
  /** The price to charge instead of the catalogue's (card exchanges carry the card's). */
  amount?: number;
  gems?: number;
  /** Takes what the order consumes (a prepaid card) inside the order's transaction. */
  reserve?: (tx: Queryable, billingNo: string) => Promise<void>;
}

/**
 * Creates an order in one transaction. The same goods for the same role while an order is unpaid
 * answers that order with Repeat (10); limits and the coupon are checked under a lock per role and
 * goods, so concurrent requests cannot overspend either.
 */
export async function createOrder(platform: Platform, o: NewOrder): Promise<PayResult> {
  const { game, goods } = o;
  const now = platform.now();
  // Most orders touch one row: a single INSERT is atomic on its own, no transaction round trips.
  const simple = !goods.limit && !o.couponCode && !o.reserve;
  const run = <T>(fn: (tx: Queryable) => Promise<T>) => (simple ? fn(platform.db) : platform.db.transaction(fn));
  return run(async (tx) => {
    const repeat = async (): Promise<PayResult> => {
      const [pending] = await tx.query<{ billing_no: string; pay_url: string | null; amount: string; currency: string; user_id: string }>(
        "SELECT billing_no, pay_url, amount::text, currency, user_id::text FROM orders WHERE gp_id = $1 AND role_id = $2 AND product_id = $3 AND status = -1",
        [game.gpId, o.roleId, goods.productId],
      );
      if (!pending) fail(E.unpaidOrder);
      if (pending.user_id !== o.user.user_id) fail(E.unpaidOrder);
      const url = pending.pay_url;
      return {
        billing_no: pending.billing_no,
        status: STATUS.repeat,
        ...(url ? { url } : {}),
        amount: Number(pending.amount),
        currency: pending.currency,
      };
    };
    // PostgreSQL runs transactions side by side: a lock per role and goods (and per account for
    // 'game' limits) puts competing orders in line. PGlite runs one transaction at a time anyway.
    if (platform.db.kind === "postgres" && !simple) {
      await tx.query("SELECT pg_advisory_xact_lock($1, hashtext($2))", [game.gpId, `${o.roleId}/${goods.productId}`]);
      if (goods.limit?.type === "game")
        await tx.query("SELECT pg_advisory_xact_lock($1, hashtext($2))", [game.gpId, `user:${o.user.user_id}/${goods.productId}`]);
    }
    if (goods.limit) {
      const state = await limitState(tx, game, goods, o.user.user_id, o.roleId, now);
      if (state.pending) return repeat();
      if (state.used >= goods.limit.frequency) fail(E.limitReached);
    }
    const base = o.amount ?? priceOf(game, goods).price;
    const quote = o.couponCode
      ? await couponForOrder(tx, { game, goods, userId: o.user.user_id, code: o.couponCode, price: base, now })
      : undefined;
    const amount = quote?.price ?? base;
    const billingNo = newBillingNo();
    const payUrl = o.payUrl(billingNo);
    // The partial unique index allows one unpaid order per role and goods: a second is the Repeat.
    const inserted = await tx.query(
      `INSERT INTO orders (billing_no, user_id, payer_user_id, brand_id, gp_id, client_id, server_id, role_id, product_id, product_name,
                           amount, original_amount, currency, payway_id, channel_id, region, coupon_code, points, gems, status, pay_url,
                           replenish_id, platform, request_meta)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,-1,$20,$21,$22,$23)
       ON CONFLICT (gp_id, role_id, product_id) WHERE status = -1 DO NOTHING RETURNING billing_no`,
      [
        billingNo,
        o.user.user_id,
        o.payer?.user_id ?? null,
        game.brand.id,
        game.gpId,
        game.clientIds.web,
        o.serverId,
        o.roleId,
        goods.productId,
        goods.display,
        amount,
        base,
        game.currency,
        o.paywayId,
        o.channelId,
        o.region,
        o.couponCode ?? null,
        growthPoints(amount, game.currency),
        o.gems ?? null,
        payUrl,
        o.replenishId ?? null,
        o.platform,
        JSON.stringify(o.meta),
      ],
    );
    if (inserted.length === 0) return repeat();
    // Taken only now that the order exists; a coupon or card another order took rolls this one back.
    if (o.couponCode) await takeCoupon(tx, o.couponCode, billingNo, now);
    await o.reserve?.(tx, billingNo);
    return { billing_no: billingNo, status: STATUS.pending, ...(payUrl ? { url: payUrl } : {}), amount, currency: game.currency };
  });
}

interface OrderRow {
  billing_no: string;
  user_id: string | null;
  payer_user_id: string | null;
  gp_id: number;
  server_id: string;
  role_id: string;
  product_id: string;
  product_name: string;
  amount: string;
  original_amount: string;
  currency: string;
  payway_id: number;
  status: number;
  pay_url: string | null;
  points: number;
  gems: number | null;
  replenish_id: string | null;
  created_at: string;
  paid_at: string | null;
  delivered_at: string | null;
  username: string | null;
  role_name: string | null;
}

interface OrderAccess {
  status: number;
  user_id: string | null;
  payer_user_id: string | null;
  replenish_id: string | null;
  payway_id: number;
}

/**
 * Who may read an order, and its status: what polling asks for. With the embedded PGlite this
 * process is the only writer, so answers are kept in memory and dropped whenever an order is
 * settled (settlement.ts); with PostgreSQL other processes write too, so every poll reads the table.
 */
const accessCache = new Map<string, OrderAccess>();

export function forgetOrder(billingNo: string): void {
  accessCache.delete(billingNo);
}

async function orderAccess(platform: Platform, billingNo: string): Promise<OrderAccess | undefined> {
  const cacheable = platform.db.kind === "pglite";
  const hit = cacheable ? accessCache.get(billingNo) : undefined;
  if (hit) return hit;
  const [row] = await platform.db.query<OrderAccess>(
    "SELECT status, user_id::text, payer_user_id::text, replenish_id, payway_id FROM orders WHERE billing_no = $1",
    [billingNo],
  );
  if (row && cacheable) {
    if (accessCache.size > 100_000) accessCache.clear();
    accessCache.set(billingNo, row);
  }
  return row;
}

const ORDER_SELECT = `SELECT o.billing_no, o.user_id::text, o.payer_user_id::text, o.gp_id, o.server_id, o.role_id, o.product_id, o.product_name,
       o.amount::text, o.original_amount::text, o.currency, o.payway_id, o.status, o.pay_url, o.points, o.gems, o.replenish_id,
       o.created_at, o.paid_at, o.delivered_at, a.username, r.role_name
  FROM orders o LEFT JOIN accounts a ON a.user_id = o.user_id LEFT JOIN roles r ON r.gp_id = o.gp_id AND r.role_id = o.role_id`;

function orderView(platform: Platform, row: OrderRow): OrderInfo {
  const game = platform.catalog.byGpId.get(row.gp_id);
  const method = methodById.get(row.payway_id);
  const amount = Number(row.amount);
  const original = Number(row.original_amount);
  return {
    status: row.status as OrderInfo["status"],
    billing_no: row.billing_no,
    user_name: row.username ?? "",
    game_name: game?.name ?? "",
    game_server_name: game?.servers.find((s) => s.serverId === row.server_id)?.name ?? row.server_id,
    role_name: row.role_name ?? row.role_id,
    product_name: row.product_name,
    product_id: row.product_id,
    amount,
    ...(original > amount ? { discount_amount: Math.round((original - amount) * 100) / 100 } : {}),
    currency: row.currency,
    payway_name: method?.name ?? String(row.payway_id),
    ...(row.pay_url && row.status === -1 ? { pay_url: row.pay_url } : {}),
    created_at: seconds(row.created_at),
    ...(row.paid_at ? { paid_at: seconds(row.paid_at) } : {}),
    ...(row.delivered_at ? { delivered_at: seconds(row.delivered_at) } : {}),
    points: row.points,
    ...(row.gems !== null ? { gems_number: row.gems } : {}),
    ...(row.replenish_id ? { replenish_id: row.replenish_id } : {}),
  };
}

export const orderHandlers: Handlers = {
  async countryList({ params, platform, origin }) {
    const game = gameOf(platform, params.client_id);
    checkArea(game, params.domain_area);
    goodsOf(game, params.product_id);
    return { country: countryMap(game, origin), currency: game.currency };
  },

  async productPoints(ctx) {
    const game = gameOf(ctx.platform, ctx.params.client_id);
    const user = requireUser(ctx, game);
    const goods = goodsOf(game, ctx.params.product_id);
    const { price } = priceOf(game, goods);
    let discountPrice = price;
    if (ctx.params.coupon_code) {
      const quote = await ctx.platform.db.transaction((tx) =>
        couponForOrder(tx, {
          game,
          goods,
          userId: user.user_id,
          code: ctx.params.coupon_code ?? "",
          price,
          now: ctx.platform.now(),
        }),
      );
      discountPrice = quote.price;
    }
    return { points: growthPoints(discountPrice, game.currency), discountPrice, price, currency: game.currency };
  },

  async payStart(ctx) {
    const { params, platform } = ctx;
    const game = gameOf(platform, params.client_id);
    checkArea(game, params.domain_area);
    const method = methodById.get(params.payway_id);
    if (!method) fail(E.paywayMissing);
    if (!startsAt(method, ctx.path) || method.flow === "cardForm") fail(E.paymentUnavailable);
    const region = params.country ?? regionsOf(game)[0] ?? "GLOBAL";
    if (!regionsOf(game).includes(region)) fail(E.paymentUnavailable);
    const channel = findChannel(region, params.payway_id, params.channel_id);
    if (!channel) fail(E.paymentUnavailable);

    let user: Account;
    let roleId = params.role_id;
    let serverId = params.server_id;
    let productId = params.product_id;
    let payer: Account | undefined;
    if (params.replenish_id) {
      const link = await openReplenishLink(platform, params.replenish_id);
      if (link.gp_id !== game.gpId) fail(E.replenishError);
      user = link.target;
      roleId = link.role_id;
      serverId = link.server_id;
      productId = link.product_id;
      payer = ctx.user;
    } else {
      user = requireUser(ctx, game);
      if (game.brand.features.realName && !user.real_name) fail(E.notRealName);
      if (!roleId || !serverId) fail(E.roleNotFound);
      const [check] = await platform.db.query<{ blocked: boolean; has_role: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM account_blocks WHERE user_id = $1 AND (lift_at IS NULL OR lift_at > now())) AS blocked,
                EXISTS (SELECT 1 FROM roles WHERE gp_id = $2 AND role_id = $3 AND user_id = $1 AND server_id = $4) AS has_role`,
        [user.user_id, game.gpId, roleId, serverId],
      );
      if (check?.blocked) fail(E.forbidden, "this account is blocked until its make-up payment is paid");
      if (!check?.has_role) fail(E.roleNotFound);
    }
    const goods = goodsOf(game, productId);
    const { price } = priceOf(game, goods);
    const min = channel.minUsd > 0 ? convert(channel.minUsd, game.currency) : channel.minUsd;
    const max = channel.maxUsd > 0 ? convert(channel.maxUsd, game.currency) : channel.maxUsd;
    if (!priceFits(price, min, max)) fail(E.paymentUnavailable);
    if (params.coupon_code && (!channel.openCoupon || !goods.isCoupon)) fail(E.illegalCoupon);

    const result = await createOrder(platform, {
      game,
      goods,
      user,
      ...(payer ? { payer } : {}),
      roleId: roleId ?? "",
      serverId: serverId ?? "",
      paywayId: params.payway_id,
      channelId: params.channel_id,
      region,
      ...(params.coupon_code ? { couponCode: params.coupon_code } : {}),
      ...(params.replenish_id ? { replenishId: params.replenish_id } : {}),
      platform: params.platform,
      payUrl: (billingNo) => checkoutUrl(platform, ctx.origin, billingNo),
      meta: {
        return_url: params.return_url ?? null,
        bcp47_lang: params.bcp47_lang ?? null,
        did: params.did ?? params.idfv ?? null,
        session_id: params.session_id ?? null,
        traffic_source: params.traffic_source ?? null,
        game_channel_id: params.game_channel_id ?? null,
        area_id: params.areaId ?? null,
        pay_id: params.pay_id ?? null,
        path: ctx.path,
      },
    });
    const embedded =
      method.flow === "airwallexCard" ||
      method.flow === "airwallexRedirect" ||
      method.flow === "alipayCard" ||
      method.flow === "krCardScript";
    return {
      ...result,
      flow: method.flow,
      ...(embedded ? { client_secret: hmac(platform.secret, `embedded:${result.billing_no}`).slice(0, 32) } : {}),
    };
  },

  async orderInfo(ctx) {
    const { db } = ctx.platform;
    let order = await orderAccess(ctx.platform, ctx.params.billing_no);
    if (!order) fail(E.notFound, "order not found");
    // The buyer, the payer of a make-up link, or anyone holding a make-up order's number.
    if (!order.replenish_id) {
      if (!ctx.user) fail(E.notLoggedIn);
      if (ctx.user.user_id !== order.user_id && ctx.user.user_id !== order.payer_user_id) fail(E.forbidden);
    }
    if (order.status === -1 && order.payway_id === CARD_PAYWAY_ID) {
      await settleDueCardOrders(ctx.platform, ctx.params.billing_no);
      order = (await orderAccess(ctx.platform, ctx.params.billing_no)) ?? order;
    }
    if (ctx.params.simple === 1) return { status: order.status as OrderInfo["status"], billing_no: ctx.params.billing_no };
    if (order.status === 1) await recordDeliveries(ctx.platform, { billingNo: ctx.params.billing_no });
    const [row] = await db.query<OrderRow>(`${ORDER_SELECT} WHERE o.billing_no = $1`, [ctx.params.billing_no]);
    if (!row) fail(E.notFound, "order not found");
    return orderView(ctx.platform, row);
  },

  async orderList(ctx) {
    const game = gameOf(ctx.platform, ctx.params.client_id);
    const user = requireUser(ctx, game);
    const page = ctx.params.page ?? 1;
    const size = 20;
    await recordDeliveries(ctx.platform, { userId: user.user_id });
    const rows = await ctx.platform.db.query<OrderRow>(
      `${ORDER_SELECT} WHERE o.user_id = $1 AND o.gp_id = $2 ORDER BY o.created_at DESC, o.billing_no LIMIT $3 OFFSET $4`,
      [user.user_id, game.gpId, size + 1, (page - 1) * size],
    );
    return { orders: rows.slice(0, size).map((r) => orderView(ctx.platform, r)), page, has_more: rows.length > size };
  },

  async limitProductInfo(ctx) {
    const game = gameOf(ctx.platform, ctx.params.client_id);
    const user = requireUser(ctx, game);
    const now = ctx.platform.now();
    const limits: LimitInfo[] = [];
    for (const goods of game.goods.filter((g) => g.limit)) {
      limits.push(limitView(goods, await limitState(ctx.platform.db, game, goods, user.user_id, ctx.params.role_id, now)));
    }
    return { limits };
  },

  async thirdGift(ctx) {
    const game = gameOf(ctx.platform, ctx.params.client_id);
    const user = requireUser(ctx, game);
    const [row] = await ctx.platform.db.query<{ amount: string; currency: string; status: number }>(
      "SELECT amount::text, currency, status FROM orders WHERE billing_no = $1 AND user_id = $2",
      [ctx.params.billing_no, user.user_id],
    );
    if (!row) fail(E.notFound, "order not found");
    const qualifies = row.status === 1 && growthPoints(Number(row.amount), row.currency) >= 999;
    return {
      gifts: qualifies ? [{ name: "Partner gift: 7-day premium music trial", code: `GIFT-${ctx.params.billing_no.slice(-8)}` }] : [],
    };
  },
};

// Prepaid (43-point) cards: check and exchange, with lockout after repeated wrong passwords.
import { CARD_PAYWAY_ID } from "../../core/payments/methods.ts";
import type { CatalogGoods } from "../catalog/catalog.ts";
import type { Queryable } from "../db.ts";
import { decodeCardInfo, verifyPassword } from "./crypto.ts";
import { E, fail } from "./errors.ts";
import { gameOf } from "./games.ts";
import { createOrder } from "./orders.ts";
import type { Answer, Caller, Params, Platform } from "./platform.ts";
import { requireUser } from "./sessions.ts";

const LOCK_FAILURES = 5;
const LOCK_WINDOW_SECONDS = 60;

interface CardRow {
  card_no: string;
  password_hash: string;
  card_points: number;
  price: string;
  currency: string;
  gems: number;
  extra_gems: number;
  used_billing_no: string | null;
}

async function locked(db: Queryable, cardNo: string, address: string): Promise<boolean> {
  const [row] = await db.query<{ by_card: string; by_address: string }>(
    `SELECT count(*) FILTER (WHERE card_no = $1)::text AS by_card, count(*) FILTER (WHERE address = $2)::text AS by_address
       FROM card_failures WHERE failed_at > now() - interval '${LOCK_WINDOW_SECONDS} seconds' AND (card_no = $1 OR address = $2)`,
    [cardNo, address],
  );
  return Number(row?.by_card ?? 0) >= LOCK_FAILURES || Number(row?.by_address ?? 0) >= LOCK_FAILURES;
}

/** The card behind a card_info, its password checked; wrong ones count towards the lockout. */
async function checkedCard(platform: Platform, brandId: string, cardInfo: string, address: string): Promise<CardRow> {
  const decoded = decodeCardInfo(cardInfo, Math.floor(platform.now().getTime() / 1000));
  if (!decoded) fail(E.cardInvalid, "the card information could not be read, please enter it again");
  if (await locked(platform.db, decoded.cardNo, address)) fail(E.cardLocked);
  const [card] = await platform.db.query<CardRow>(
    "SELECT card_no, password_hash, card_points, price::text, currency, gems, extra_gems, used_billing_no FROM prepaid_cards WHERE card_no = $1 AND brand_id = $2",
    [decoded.cardNo, brandId],
  );
  if (!card || !verifyPassword(decoded.password, card.password_hash)) {
    await platform.db.query("INSERT INTO card_failures (card_no, address) VALUES ($1, $2)", [decoded.cardNo, address]);
    if (await locked(platform.db, decoded.cardNo, address)) fail(E.cardLocked);
    fail(E.cardInvalid);
  }
  if (card.used_billing_no) fail(E.cardUsed);
  return card;
}

export async function cardInfo(platform: Platform, params: Params<"cardInfo">, caller: Caller): Answer<"cardInfo"> {
  const game = gameOf(platform, params.client_id);
  const card = await checkedCard(platform, game.brand.id, params.card_info, caller.address);
  return {
    price: Number(card.price),
    currency: card.currency,
    card_points: card.card_points,
    gems_number: card.gems,
    extra_gems_number: card.extra_gems,
  };
}

/** Exchanges a card for its gems on a character: an order the platform completes a moment later. */
export async function cardPay(platform: Platform, params: Params<"cardPay">, caller: Caller): Answer<"cardPay"> {
  const game = gameOf(platform, params.client_id);
  const user = requireUser(caller.user, game);
  const card = await checkedCard(platform, game.brand.id, params.card_info, caller.address);
  const [role] = await platform.db.query("SELECT 1 FROM roles WHERE gp_id = $1 AND role_id = $2 AND user_id = $3 AND server_id = $4", [
    game.gpId,
    params.role_id,
    user.user_id,
    params.server_id,
  ]);
  if (!role) fail(E.roleNotFound);
  const goods: CatalogGoods = {
    productId: `card.${card.card_no}`,
    display: `${card.card_points}-point card: ${card.gems + card.extra_gems} gems`,
    usd: 0,
    typeKey: "card",
    goodsSort: 0,
    isCoupon: false,
    isSpecial: false,
    description: "Prepaid card exchange",
    icon: "card",
  };
  return createOrder(platform, {
    game,
    goods,
    user,
    roleId: params.role_id,
    serverId: params.server_id,
    paywayId: CARD_PAYWAY_ID,
    channelId: "card",
    region: null,
    platform: params.platform,
    payUrl: () => null,
    meta: { area_id: params.areaId ?? null },
    amount: Number(card.price),
    gems: card.gems + card.extra_gems,
    // The card is spent in the order's own transaction: two exchanges of one card cannot both pass.
    reserve: async (tx, billingNo) => {
      const taken = await tx.query(
        "UPDATE prepaid_cards SET used_billing_no = $2, used_at = now() WHERE card_no = $1 AND used_billing_no IS NULL RETURNING card_no",
        [card.card_no, billingNo],
      );
      if (taken.length !== 1) fail(E.cardUsed);
    },
  });
}

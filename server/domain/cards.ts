// Prepaid (43-point) cards: check and exchange, with lockout after repeated wrong passwords. A card
// is valued in its own currency and booked in the game's, converted at the sandbox's rates.
import { CARD_PAYWAY_ID } from "../../core/node/payments/methods.ts";
import type { CatalogGoods } from "../catalog/catalog.ts";
import { toWire } from "../catalog/money.ts";
import { checkSecret, subjects } from "./attempts.ts";
import { decodeCardInfo, verifyPassword } from "./crypto.ts";
import { CODE, fail } from "./errors.ts";
import { gameOf } from "./games.ts";
import { createOrder } from "./orders.ts";
import type { Answer, Caller, Params, Platform } from "./platform.ts";
import { requireUser } from "./sessions.ts";

export interface CardRow {
  card_no: string;
  password_hash: string;
  card_points: number;
  price_minor: string;
  currency: string;
  gems: number;
  extra_gems: number;
  used_billing_no: string | null;
}

/**
 * The card behind a card_info, its password checked under the card's and the address's attempt
 * limits (attempts.ts checkSecret: shared with card sign-in, counted outside any transaction); only
 * wrong passwords count towards the lockout.
 */
async function checkedCard(platform: Platform, brandId: string, cardInfo: string, address: string): Promise<CardRow> {
  const now = platform.now();
  const decoded = decodeCardInfo(cardInfo, Math.floor(now.getTime() / 1000));
  if (!decoded) fail(CODE.cardInvalid, "the card information could not be read, please enter it again");
  const [card] = await platform.db.query<CardRow>(
    `SELECT card_no, password_hash, card_points, price_minor::text, currency, gems, extra_gems, used_billing_no
       FROM prepaid_cards WHERE card_no = $1 AND brand_id = $2`,
    [decoded.cardNo, brandId],
  );
  // An unknown card costs the same check as a wrong password: neither answer nor time tells them apart.
  const verdict = await checkSecret(
    platform.db,
    [subjects.card(decoded.cardNo), subjects.address(address)],
    now,
    async () => (await verifyPassword(decoded.password, card?.password_hash, "card")) && Boolean(card),
  );
  if (verdict === "locked") fail(CODE.cardLocked);
  if (verdict === "wrong" || !card) fail(CODE.cardInvalid);
  if (card.used_billing_no) fail(CODE.cardUsed);
  return card;
}

export async function cardInfo(platform: Platform, params: Params<"cardInfo">, caller: Caller): Answer<"cardInfo"> {
  const game = gameOf(platform, params.client_id);
  const card = await checkedCard(platform, game.brand.id, params.card_info, caller.address);
  return {
    price: toWire(Number(card.price_minor), card.currency),
    currency: card.currency,
    card_points: card.card_points,
    gems_number: card.gems,
    extra_gems_number: card.extra_gems,
  };
}

/**
 * A card exchange's checks, made before its transaction (routes/calls.ts runs them outside it): the
 * session and the card's password. The exchange itself is cardPay.
 */
export async function cardForPay(platform: Platform, params: Params<"cardPay">, caller: Caller): Promise<CardRow> {
  const game = gameOf(platform, params.client_id);
  requireUser(caller.user, game);
  return checkedCard(platform, game.brand.id, params.card_info, caller.address);
}

/** Exchanges a checked card (cardForPay) for its gems on a character: an order the platform completes a moment later. */
export async function cardPay(platform: Platform, params: Params<"cardPay">, caller: Caller, card: CardRow): Answer<"cardPay"> {
  const game = gameOf(platform, params.client_id);
  const user = requireUser(caller.user, game);
  const goods: CatalogGoods = {
    productId: `card.${card.card_no}`,
    // Not a catalogue goods: no texts of its own (its name is the order's, as stored).
    catalogId: "card",
    display: `${card.card_points}-point card: ${card.gems + card.extra_gems} gems`,
    usdCents: 0,
    typeKey: "card",
    goodsSort: 0,
    isCoupon: false,
    isSpecial: false,
    description: "Prepaid card exchange",
    icon: "card",
  };
  const now = platform.now();
  const { money } = platform.catalog;
  // A card converts only between currencies the sandbox has rates for: never at face value.
  if (card.currency !== game.currency && !(money.has(card.currency) && money.has(game.currency)))
    fail(CODE.cardInvalid, `this card (${card.currency}) cannot be used for a game priced in ${game.currency}`);
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
    meta: { area_id: params.areaId ?? null, card_price_minor: Number(card.price_minor), card_currency: card.currency },
    ownOrder: true,
    // Completed by the platform itself a moment later (settlement.ts): it never waits for a payer.
    expires: false,
    // Booked at the card's value in the game's currency: VIP points and events follow that amount.
    amount: money.between(Number(card.price_minor), card.currency, game.currency),
    gems: card.gems + card.extra_gems,
    // The card is spent in the order's own transaction: two exchanges of one card cannot both pass.
    reserve: async (tx, billingNo) => {
      const taken = await tx.query(
        "UPDATE prepaid_cards SET used_billing_no = $2, used_at = $3 WHERE card_no = $1 AND used_billing_no IS NULL RETURNING card_no",
        [card.card_no, billingNo, now],
      );
      if (taken.length !== 1) fail(CODE.cardUsed);
    },
  });
}

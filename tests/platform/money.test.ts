// Money you can audit, end to end: integer minor units in the database (and a migration that got
// them there with nothing lost), one rounding rule checked against exact decimal arithmetic, the
// same amount from the price quote to the result, prepaid cards booked in the game's currency, and
// notifications applied only when they report the order's own amount and currency.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import Decimal from "decimal.js";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decimalText, ratio, times } from "../../core/browser/money/minor.ts";
import { CURRENCIES, minorDigits } from "../../core/node/money/currencies.ts";
import { methodById } from "../../core/node/payments/methods.ts";
import { catalogData } from "../../server/catalog/data.ts";
import { fromWire, toWire } from "../../server/catalog/money.ts";
import { migrate, openDb } from "../../server/db.ts";
import { signNotification } from "../../server/domain/checkout.ts";
import { cardNumber, cardPassword } from "../../server/domain/seed.ts";
import { settleDueCardOrders } from "../../server/domain/settlement.ts";
import { buy, decide, encodeCardInfo, firstRole, type Harness, startHarness } from "./harness.ts";

/** The catalogue's data files, read once for this file. */
const DATA = catalogData();
const MIGRATIONS_DIR = join(import.meta.dirname, "..", "..", "server", "migrations");
const MIGRATION = join(MIGRATIONS_DIR, "0003_money_minor_units.sql");
const SEED = { seed: 20261125 };

describe("migration 0003: amounts to integer minor units", () => {
  it("knows the minor unit of every ISO 4217 currency that has other than two decimals", () => {
    const sql = readFileSync(MIGRATION, "utf8");
    const listed = (digits: number) =>
      new Set(
        [...(new RegExp(`WHEN code IN \\(([^)]*)\\) THEN ${digits}`).exec(sql)?.[1] ?? "").matchAll(/'([A-Z]{3})'/g)].map((m) => m[1]),
      );
    for (const digits of [0, 3]) {
      const expected = Object.entries(CURRENCIES)
        .filter(([, c]) => c.digits === digits)
        .map(([code]) => code);
      expect([...listed(digits)].sort()).toEqual(expected.sort());
    }
    expect(Object.values(CURRENCIES).every((c) => [0, 2, 3].includes(c.digits))).toBe(true);
  });

  async function before0003() {
    const db = await openDb({ migrateUntil: "0002_platform.sql" });
    const [account] = await db.query<{ user_id: string }>(
      "INSERT INTO accounts (brand_id, username) VALUES ('b', 'u') RETURNING user_id::text",
    );
    const order = (no: string, amount: string, original: string, currency: string) =>
      db.query(
        `INSERT INTO orders (billing_no, user_id, brand_id, gp_id, client_id, server_id, role_id, product_id, product_name,
                             amount, original_amount, currency, payway_id, channel_id, platform)
         VALUES ($1, $2, 'b', 1, 'c', 's', $1, 'p', 'n', $3, $4, $5, 10201, 'paypal', 'web')`,
        [no, account?.user_id, amount, original, currency],
      );
    return { db, userId: account?.user_id ?? "", order };
  }

  it("converts orders, cards and coupons exactly, each in its currency's exponent, RMB as CNY", async () => {
    const { db, userId, order } = await before0003();
    try {
      await order("USD", "4.99", "5.25", "USD");
      await order("JPY", "750.00", "800.00", "JPY");
      await order("KWD", "1.23", "1.23", "KWD");
      await order("RMB", "35.90", "35.90", "RMB");
      await db.query(
        "INSERT INTO prepaid_cards (card_no, brand_id, password_hash, card_points, price, currency, gems) VALUES ('c1', 'b', 'h', 43, 160.00, 'TWD', 430)",
      );
      await db.query(
        `INSERT INTO coupons (code, user_id, brand_id, name, kind, discount_rate, min_amount_usd, period, valid_end_time)
         VALUES ('CP1', $1, 'b', 'n', 'permanent', 0.950, 4.00, 'p', now())`,
        [userId],
      );
      const later = readdirSync(MIGRATIONS_DIR)
        .filter((f) => f.endsWith(".sql") && f > "0002_platform.sql")
        .sort();
      expect(later[0]).toBe("0003_money_minor_units.sql");
      expect(await migrate(db)).toEqual(later);
      const rows = await db.query<{ billing_no: string; amount_minor: string; original_amount_minor: string; currency: string }>(
        "SELECT billing_no, amount_minor::text, original_amount_minor::text, currency FROM orders ORDER BY billing_no",
      );
      expect(rows).toEqual([
        { billing_no: "JPY", amount_minor: "750", original_amount_minor: "800", currency: "JPY" },
        { billing_no: "KWD", amount_minor: "1230", original_amount_minor: "1230", currency: "KWD" },
        { billing_no: "RMB", amount_minor: "3590", original_amount_minor: "3590", currency: "CNY" },
        { billing_no: "USD", amount_minor: "499", original_amount_minor: "525", currency: "USD" },
      ]);
      expect(await db.query("SELECT price_minor::text AS p, currency FROM prepaid_cards")).toEqual([{ p: "16000", currency: "TWD" }]);
      expect(await db.query("SELECT min_spend_minor::text AS m, min_spend_currency AS c FROM coupons")).toEqual([{ m: "400", c: "USD" }]);
    } finally {
      await db.close();
    }
  });

  it("stops, naming the orders, when an amount is finer than its currency's minor unit, and changes nothing", async () => {
    const { db, order } = await before0003();
    try {
      await order("YEN-HALF", "750.50", "750.50", "JPY");
      await expect(migrate(db)).rejects.toThrow(/YEN-HALF/);
      const [row] = await db.query<{ amount: string }>("SELECT amount::text FROM orders WHERE billing_no = 'YEN-HALF'");
      expect(row?.amount).toBe("750.50");
      expect(await db.query("SELECT 1 FROM schema_migrations WHERE name = '0003_money_minor_units.sql'")).toEqual([]);
    } finally {
      await db.close();
    }
  });
});

describe("the money path", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  /** The sandbox's rule, as exact decimals: USD × rate, half up once to the step; then × discount rate, half up at the minor unit. */
  function expected(usd: string, currency: string, rate: string | undefined) {
    const rule = DATA.rates.currencies[currency] ?? {
      perBase: "1",
      step: new Decimal(1).div(10 ** minorDigits(currency)).toString(),
    };
    const step = new Decimal(rule.step);
    const price = new Decimal(usd).mul(rule.perBase).div(step).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).mul(step);
    const paid = rate ? price.mul(rate).toDecimalPlaces(minorDigits(currency), Decimal.ROUND_HALF_UP) : price;
    return { price: price.toNumber(), paid: paid.toNumber() };
  }

  it("every catalogue goods × currency × coupon rate equals exact decimal arithmetic, with no more decimals than the currency has", () => {
    const { money } = h.platform.catalog;
    const goods = DATA.goods.goods;
    const rates = [...new Set(DATA.vip.levels.flatMap((l) => l.coupons.map((c) => String(c.rate))))];
    const currencies = [...Object.keys(DATA.rates.currencies), "CHF", "KWD", "CLP"];
    const mismatches: string[] = [];
    for (const g of goods)
      for (const currency of currencies)
        for (const rate of [undefined, ...rates]) {
          const digits = minorDigits(currency);
          const price = money.fromBase(Math.round(g.usd * 100), currency);
          // The platform's own discount (coupons.ts applies times(price, ratio(rate))).
          const paid = rate ? times(price, ratio(rate)) : price;
          const want = expected(String(g.usd), currency, rate);
          if (toWire(price, currency) !== want.price || toWire(paid, currency) !== want.paid)
            mismatches.push(`${g.id} ${currency} ×${rate}: ${toWire(paid, currency)} ≠ ${want.paid}`);
          expect(decimalText(paid, digits)).toMatch(digits === 0 ? /^\d+$/ : new RegExp(`^\\d+\\.\\d{${digits}}$`));
          expect(fromWire(toWire(paid, currency), currency)).toBe(paid);
        }
    expect(mismatches).toEqual([]);
  });

  it("a conversion at the sandbox rates and its inverse differ by at most one minor unit", () => {
    const { money } = h.platform.catalog;
    const codes = Object.keys(DATA.rates.currencies);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50_000_000 }), fc.constantFrom(...codes), fc.constantFrom(...codes), (minor, from, to) => {
        // Into a currency whose minor unit is worth no more than the source's, and back.
        const unit = (c: string) => new Decimal(1).div(10 ** minorDigits(c)).div(DATA.rates.currencies[c]?.perBase ?? "1");
        fc.pre(unit(to).lte(unit(from)));
        expect(Math.abs(money.between(money.between(minor, from, to), to, from) - minor)).toBeLessThanOrEqual(1);
      }),
      { ...SEED, numRuns: 1000 },
    );
  });

  it("quote = pay order = checkout = notification = result, for every goods × currency × coupon rate × channel", async () => {
    // Every game of every brand (each currency the fixture prices in); coupons only where VIP is on.
    const games = h.platform.catalog.games.filter((g) => g.parentGpId === undefined);
    const sessions = new Map<string, { token: string; userId: string }>();
    const sessionOf = async (clientId: string) => {
      const known = sessions.get(clientId);
      if (known) return known;
      const signIn = () => h.call("googleAuth", { authorization_code: `sbx_money${sessions.size}`, client_id: clientId });
      let login = await signIn();
      if (login.code === 6001) {
        // A new account starts unverified on a brand with the real-name gate: verify as a player does.
        const ticket = (login.content as unknown as { ticket: string }).ticket;
        await h.call("realNameVerify", { client_id: clientId, ticket, name: "Money Test", id_number: "11010519491231002X" });
        login = await signIn();
      }
      expect(login.code).toBe(1);
      const session = { token: login.content.oauth_token, userId: login.content.suid };
      sessions.set(clientId, session);
      return session;
    };
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...games),
        fc.nat(),
        fc.option(fc.integer({ min: 1, max: 99 }), { nil: undefined }),
        fc.nat(),
        async (game, goodsPick, percentOff, channelPick) => {
          const clientId = game.clientIds.web;
          const { token, userId } = await sessionOf(clientId);
          const coupons = game.goods.filter((g) => g.isCoupon && !g.limit);
          const goods = coupons[goodsPick % coupons.length];
          if (!goods) throw new Error("no goods");
          const rate = percentOff === undefined || !game.vip ? undefined : new Decimal(100 - percentOff).div(100).toString();
          let code: string | undefined;
          if (rate) {
            code = `CPMONEY${n++}`;
            await h.db.query(
              `INSERT INTO coupons (code, user_id, brand_id, name, kind, discount_rate, period, valid_end_time, created_at)
               VALUES ($1, $2, $3, 'test', 'permanent', $4, $1, $5, $6)`,
              [code, userId, game.brand.id, rate, new Date(Date.now() + 86_400_000), new Date()],
            );
          }
          const listed = (await h.call("productList", { client_id: clientId })).content.goods.find((g) => g.value === goods.productId);
          const quote = await h.call("productPoints", {
            client_id: clientId,
            oauth_token: token,
            product_id: goods.productId,
            coupon_code: code ?? "",
          });
          const want = expected(String(goods.usdCents / 100), game.currency, rate);
          expect(listed?.price).toBe(want.price);
          expect(quote.content, JSON.stringify(quote)).toMatchObject({
            price: want.price,
            discountPrice: want.paid,
            currency: game.currency,
          });

          const country = await h.call("countryList", { client_id: clientId, product_id: goods.productId, platform: "web" });
          const fits = (c: { min_money: number; max_money: number; open_coupon: boolean }) =>
            (!code || c.open_coupon) && (c.min_money <= 0 || want.price >= c.min_money) && (c.max_money <= 0 || want.price <= c.max_money);
          const options = Object.entries(country.content.country).flatMap(([region, list]) =>
            list
              .flatMap((c) => [c, ...c.sub_payment.filter(() => c.open_coupon || !code)])
              .filter(fits)
              .map((c) => ({ region, c })),
          );
          const choice = options[channelPick % options.length];
          if (!choice) throw new Error(`no channel for ${goods.productId} in ${game.currency}`);
          const method = methodById.get(choice.c.payway_id);
          const roles = await h.call("allRoleList", { client_id: clientId, oauth_token: token });
          const role = roles.content.roles[0];
          if (!method || !role) throw new Error("no method or role");
          const pay = await h.call(
            "payStart",
            {
              client_id: clientId,
              oauth_token: token,
              platform: "web",
              country: choice.region,
              server_id: role.server_id,
              role_id: role.role_id,
              product_id: goods.productId,
              payway_id: choice.c.payway_id,
              channel_id: choice.c.channel_id,
              ...(code ? { coupon_code: code } : {}),
            },
            { path: method.endpoints.start },
          );
          expect(pay.code, pay.message).toBe(1);
          expect(pay.content.amount).toBe(want.paid);
          const url = pay.content.url ?? "";
          const page = await h.app.inject({ method: "GET", url: url.replace(/^https?:\/\/[^/]+/, "") });
          expect(page.body).toContain(
            `<div class="amount">${decimalText(fromWire(want.paid, game.currency) ?? -1, minorDigits(game.currency))} ${game.currency}</div>`,
          );
          expect(await decide(h, url, "approved")).toBe(200);
          const [note] = await h.db.query<{ amount: number; currency: string }>(
            "SELECT (payload->>'amount')::numeric::float8 AS amount, payload->>'currency' AS currency FROM payment_notifications WHERE billing_no = $1",
            [pay.content.billing_no],
          );
          expect(note).toEqual({ amount: want.paid, currency: game.currency });
          const result = await h.call("orderInfo", { billing_no: pay.content.billing_no, oauth_token: token });
          expect(result.content).toMatchObject({ status: 1, amount: want.paid, currency: game.currency, points: quote.content.points });
        },
      ),
      { ...SEED, numRuns: 200 },
    );
  });

  it("a prepaid card is valued in its currency and booked in the game's: VIP points and events follow", async () => {
    // Jade's cards are sold in TWD (its first game's currency); its MYR game takes them too.
    const myr = h.platform.catalog.games.find((g) => g.brand.id === "jade" && g.currency === "MYR" && g.parentGpId === undefined);
    if (!myr) throw new Error("the fixture has no jade game in MYR");
    const login = await h.call("googleAuth", { authorization_code: "sbx_cardfx", client_id: myr.clientIds.web });
    const session = { token: login.content.oauth_token, clientId: myr.clientIds.web };
    const role = await firstRole(h, session);
    const info = encodeCardInfo(cardNumber("jade", 5), cardPassword(5));
    const card = await h.call("cardInfo", { client_id: session.clientId, card_info: info });
    expect(card.content).toMatchObject({ price: 160, currency: "TWD" });
    const pay = await h.call("cardPay", {
      client_id: session.clientId,
      oauth_token: session.token,
      server_id: role.server_id,
      role_id: role.role_id,
      platform: "web",
      card_info: info,
    });
    // 160 TWD × 4.7 / 32 = 23.50 MYR (never 160 MYR), worth 500 US cents: 500 growth points.
    expect(pay.content).toMatchObject({ amount: 23.5, currency: "MYR" });
    await h.db.query("UPDATE orders SET created_at = created_at - interval '1 minute' WHERE billing_no = $1", [pay.content.billing_no]);
    await settleDueCardOrders(h.platform);
    const done = await h.call("orderInfo", { billing_no: pay.content.billing_no, oauth_token: session.token });
    expect(done.content).toMatchObject({ status: 1, amount: 23.5, currency: "MYR", points: 500 });
    const vip = await h.call("vipInfo", { client_id: session.clientId, oauth_token: session.token });
    expect(vip.content.total_points).toBe(500);
    const events = await h.call("activityInfo", { client_id: session.clientId, oauth_token: session.token });
    const cumulative = events.content.activities.find((a) => a.type === "cumulative");
    expect(cumulative).toMatchObject({ progress: 23.5, currency: "MYR" });
    // The first reward is 5 US dollars (23.50 MYR): reached exactly; the next (20 US dollars) is not.
    expect(cumulative?.rewards.map((r) => r.state)).toEqual(["claimable", "locked", "locked"]);
  });

  it("a card in a currency the sandbox has no rate for is refused on a game of another currency, never booked at face value", async () => {
    const myr = h.platform.catalog.games.find((g) => g.brand.id === "jade" && g.currency === "MYR" && g.parentGpId === undefined);
    if (!myr) throw new Error("the fixture has no jade game in MYR");
    expect(h.platform.catalog.money.has("CHF")).toBe(false);
    await h.db.query("UPDATE prepaid_cards SET currency = 'CHF' WHERE card_no = $1", [cardNumber("jade", 6)]);
    const login = await h.call("googleAuth", { authorization_code: "sbx_cardchf", client_id: myr.clientIds.web });
    const session = { token: login.content.oauth_token, clientId: myr.clientIds.web };
    const role = await firstRole(h, session);
    const pay = await h.call("cardPay", {
      client_id: session.clientId,
      oauth_token: session.token,
      server_id: role.server_id,
      role_id: role.role_id,
      platform: "web",
      card_info: encodeCardInfo(cardNumber("jade", 6), cardPassword(6)),
    });
    expect(pay.code).toBe(-3201);
    expect(pay.message).toContain("CHF");
    const [orders] = await h.db.query<{ n: number }>("SELECT count(*)::int AS n FROM orders WHERE product_id = $1", [
      `card.${cardNumber("jade", 6)}`,
    ]);
    expect(orders?.n).toBe(0);
    expect(() => h.platform.catalog.money.between(100, "CHF", "MYR")).toThrow(/no rate for CHF/);
  });

  it("a notification that reports another amount or currency is stored and refused, shows in the order's history, and changes nothing", async () => {
    const session = await h.login("aurora");
    const pay = await buy(h, session, { product: "starfall.gems.6480", country: "US" });
    expect(pay.content).toMatchObject({ amount: 99.99, currency: "USD" });
    const notify = (eventId: string, amount: unknown, currency: unknown) => {
      const body = JSON.stringify({
        event_id: eventId,
        billing_no: pay.content.billing_no,
        outcome: "approved",
        provider: "10201",
        amount,
        currency,
      });
      return h.app.inject({
        method: "POST",
        url: "/sandbox/notify",
        headers: { "content-type": "application/json", "x-sandbox-signature": signNotification("test-secret", body) },
        payload: body,
      });
    };
    // The case measured on the old platform: 0.01 IDR "paid" a 99.99 USD order.
    const idr = await notify("evt-idr", 0.01, "IDR");
    expect(idr.statusCode).toBe(409);
    expect(idr.json()).toMatchObject({ code: -3107, content: { reason: "currency IDR is not the order's USD" } });
    expect((await notify("evt-cents", 99.98, "USD")).json()).toMatchObject({ code: -3107 });
    expect((await notify("evt-fraction", 99.999, "USD")).json()).toMatchObject({ code: -3107 });
    expect((await notify("evt-text", "all of it", "USD")).json()).toMatchObject({ code: -3107 });
    const pending = await h.call("orderInfo", { billing_no: pay.content.billing_no, oauth_token: session.token });
    expect(pending.content.status).toBe(-1);
    expect(pending.content.history?.map((e) => [e.event, e.amount ?? null, e.currency ?? null])).toEqual([
      ["created", null, null],
      ["notification_refused", 0.01, "IDR"],
      ["notification_refused", 99.98, "USD"],
      ["notification_refused", null, "USD"],
      ["notification_refused", null, "USD"],
    ]);
    // The right one pays it; the same event again changes nothing.
    expect((await notify("evt-right", 99.99, "USD")).json()).toMatchObject({ code: 1, content: { applied: true } });
    expect((await notify("evt-right", 99.99, "USD")).json()).toMatchObject({ code: 1, content: { applied: false } });
    const paid = await h.call("orderInfo", { billing_no: pay.content.billing_no, oauth_token: session.token });
    expect(paid.content.status).toBe(1);
    expect(paid.content.history?.map((e) => e.event).slice(-2)).toEqual(["notified", "paid"]);
  });
});

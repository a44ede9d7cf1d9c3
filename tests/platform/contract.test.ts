// Every call of the contract on the embedded database: a success whose content matches the
// contract, and the error codes of its rules. The last test fails if a call was never exercised.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCalls } from "../../core/browser/generated/api-calls.ts";
import { signNotification } from "../../server/domain/checkout.ts";
import { validIdNumber } from "../../server/domain/real-name.ts";
import { cardNumber, cardPassword, freshAccount } from "../../server/domain/seed.ts";
import { settleDueCardOrders } from "../../server/domain/settlement.ts";
import { buy, clientOf, decide, encodeCardInfo, encodeCredential, exercised, type Harness, startHarness } from "./harness.ts";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
}, 120_000);
afterAll(async () => h?.close());

const web = (brand: string, game?: string) => clientOf(h.platform, brand, game).clientIds.web;

async function firstRole(token: string, clientId: string) {
  const roles = await h.call("allRoleList", { client_id: clientId, oauth_token: token });
  const role = roles.content.roles[0];
  if (!role) throw new Error("no role");
  return role;
}

describe("games and config", () => {
  it("getGameListV2 lists the brand's games with sub-games, client ids for the platform, filtered by area", async () => {
    const all = await h.call("getGameList", { client_id: web("aurora"), platform: "ios" });
    expect(all.content.games.map((g) => g.game_key).sort()).toEqual(["dunesong", "emberfront", "harborline", "starfall", "tidecall"]);
    const starfall = all.content.games.find((g) => g.game_key === "starfall");
    expect(starfall?.client_id).toBe("1001002");
    expect(Object.keys(starfall?.sub_game ?? {})).toEqual(["classic"]);
    const sea = await h.call("getGameList", { client_id: web("aurora"), platform: "web", domain_area: "sea" });
    expect(sea.content.games.map((g) => g.game_key)).toEqual(["tidecall"]);
    expect((await h.call("getGameList", { client_id: web("aurora"), platform: "web", domain_area: "kr" })).code).toBe(-3014);
    expect((await h.call("getGameList", { client_id: "no-such-client", platform: "web" })).code).toBe(-3001);
  });

  it("game_logo, page config, goods, servers and evoke", async () => {
    const cid = web("hanbit");
    expect((await h.call("gameLogo", { client_id: cid })).content.icon).toMatch(/\/sandbox\/art\/game\/\d+-128w$/);
    const config = await h.call("pageConfig", { client_id: cid, domain_area: "kr" });
    expect(config.content).toMatchObject({ is_open_coupon: true, language_config: "ko,en", brand_color: "#0a7d4f", currency: "KRW" });
    expect((await h.call("pageConfig", { client_id: cid, domain_area: "sea" })).code).toBe(-3014);
    expect((await h.call("pageConfig", { client_id: web("sakura") })).content.is_open_coupon).toBe(false);
    const goods = await h.call("productList", { client_id: cid });
    expect(goods.content.currency).toBe("KRW");
    expect(goods.content.goods.find((g) => g.value === "skyforge.gems.300")?.price).toBe(6700);
    expect(goods.content.goods.filter((g) => g.isLimit).length).toBe(3);
    expect((await h.call("serverList", { client_id: cid })).content.servers).toHaveLength(8);
    expect((await h.call("evoke", { client_id: cid })).content.url).toBe("sandbox-hanbit://open?game=skyforge");
    // An order's number goes into the link only for the order's own account.
    expect((await h.call("evoke", { client_id: cid, billing_no: "SB1" })).code).toBe(-600);
    const { token } = await h.login("hanbit");
    expect((await h.call("evoke", { client_id: cid, billing_no: "SB1", oauth_token: token })).code).toBe(-603);
  });
});

describe("login", () => {
  it("accepts the agreed encoding and refuses a wrong password or an unencoded value", async () => {
    const cid = web("sakura");
    const ok = await h.call("auth", {
      username: encodeCredential(" sakura_player "),
      password: encodeCredential("sandbox-pass"),
      client_id: cid,
    });
    expect(ok.code).toBe(1);
    expect(ok.content.username).toBe("sakura_player");
    expect(
      (await h.call("auth", { username: encodeCredential("sakura_player"), password: encodeCredential("nope"), client_id: cid })).code,
    ).toBe(-601);
    expect((await h.call("auth", { username: "sakura_player", password: "sandbox-pass", client_id: cid })).code).toBe(-601);
    // Another brand's account does not exist here.
    expect(
      (await h.call("auth", { username: encodeCredential("aurora_player"), password: encodeCredential("sandbox-pass"), client_id: cid }))
        .code,
    ).toBe(-601);
  });

  it("a provider's first sign-in whose username another account holds is a failed login, never a 500", async () => {
    // The statement names the (brand, provider, uid) key; the username's key is met first when two
    // first sign-ins race on PostgreSQL, and every time when the name is held by another account.
    await h.db.query(
      `INSERT INTO accounts (brand_id, username, provider, region, real_name, created_at)
       VALUES ('aurora', 'google:heldname', 'password', 'GLOBAL', true, now())`,
    );
    const res = await h.call("googleAuth", { authorization_code: "sbx_heldname", client_id: web("aurora") });
    expect(res.status).toBeLessThan(500);
    expect(res.code).toBe(-601);
  });

  it("logs in through every sandbox provider the brand offers, and refuses the others", async () => {
    expect((await h.call("googleAuth", { authorization_code: "sbx_alice", client_id: web("aurora") })).content.username).toBe(
      "google:alice",
    );
    expect((await h.call("appleAuth", { authorization_code: "sbx_alice", identity_token: "x", client_id: web("aurora") })).code).toBe(1);
    expect((await h.call("facebookAuth", { fb_access_token: "sbx_alice", client_id: web("jade") })).code).toBe(1);
    expect((await h.call("vkAuth", { vk_access_token: "sbx_ivan", uid: "42", client_id: web("borealis") })).code).toBe(1);
    expect((await h.call("huaweiAuth", { authorization_code: "sbx_li", client_id: web("borealis") })).code).toBe(1);
    expect((await h.call("vkAuth", { vk_access_token: "sbx_ivan", uid: "42", client_id: web("aurora") })).code).toBe(-601);
    expect((await h.call("googleAuth", { authorization_code: "real-google-code", client_id: web("aurora") })).code).toBe(-601);
    const start = await h.call("twitterAuth", { callback: "http://aurora.localhost/twitterRedirect.html", client_id: web("aurora") });
    expect(start.content.url).toContain("/sandbox/provider/twitter?callback=");
    const done = await h.call("twitterRedirect", { oauth_token: "sbx_tw_alice", oauth_verifier: "approved", client_id: web("aurora") });
    expect(done.content.username).toBe("twitter:tw_alice");
    expect(
      (await h.call("twitterRedirect", { oauth_token: "sbx_tw_alice", oauth_verifier: "denied", client_id: web("aurora") })).code,
    ).toBe(-601);
  });

  it("replenish-mode login under /api/ingame/ takes game_id", async () => {
    const game = clientOf(h.platform, "jade");
    const res = await h.call(
      "auth",
      { username: encodeCredential("jade_player"), password: encodeCredential("sandbox-pass"), game_id: game.gpId },
      { path: "/api/ingame/auth" },
    );
    expect(res.content.gp_id).toBe(game.gpId);
    const google = await h.call("googleAuth", { authorization_code: "sbx_zoe", game_id: game.gpId }, { path: "/api/ingame/google_auth" });
    expect(google.code).toBe(1);
  });

  it("get_user_info and login_config", async () => {
    const { token, clientId } = await h.login("aurora");
    const info = await h.call("userInfo", { client_id: clientId, oauth_token: token });
    expect(info.content).toMatchObject({ username: "aurora_player", is_test: false, real_name: true });
    expect((await h.call("userInfo", { client_id: clientId })).code).toBe(-600);
    expect((await h.call("userInfo", { client_id: web("sakura"), oauth_token: token })).code).toBe(-600);
    const config = await h.call("loginConfig", { client_id: web("aurora", "tidecall"), domain_area: "sea" });
    expect(config.content).toMatchObject({
      client_id: "aur-login-sea",
      json_type: ["google", "apple", "facebook", "twitter", "huawei"],
      hw_id: "104857600",
    });
    expect((await h.call("loginConfig", { client_id: web("borealis") })).content.json_type).toEqual(["google", "vk", "huawei"]);
  });

  it("logout ends the session on the platform: its token is refused from then on", async () => {
    const { token, clientId } = await h.login("aurora");
    const other = await h.login("aurora");
    expect((await h.call("userInfo", { client_id: clientId, oauth_token: token })).code).toBe(1);
    expect((await h.call("logout", { client_id: clientId, oauth_token: token })).content).toEqual({ logged_out: true });
    expect((await h.call("userInfo", { client_id: clientId, oauth_token: token })).code).toBe(-600);
    expect((await h.call("logout", { client_id: clientId, oauth_token: token })).code).toBe(-600);
    // Only that session: the account's other sessions go on.
    expect((await h.call("userInfo", { client_id: clientId, oauth_token: other.token })).code).toBe(1);
  });
});

describe("roles, goods limits and orders", () => {
  it("lists roles per server and across servers; no character on another server", async () => {
    const { token, clientId } = await h.login("sakura");
    const role = await firstRole(token, clientId);
    const same = await h.call("roleList", { client_id: clientId, server_id: role.server_id, oauth_token: token });
    expect(same.content.roles.map((r) => r.role_id)).toContain(role.role_id);
    expect((await h.call("roleList", { client_id: clientId, server_id: "1008", oauth_token: token })).content.roles).toEqual([]);
    expect((await h.call("roleList", { client_id: clientId, server_id: "1001" })).code).toBe(-600);
  });

  it("pays, polls, lists and reports limits; Repeat for the same unpaid goods", async () => {
    const { token, clientId } = await h.login("sakura");
    const role = await firstRole(token, clientId);
    const list = await h.call("countryList", { client_id: clientId, product_id: "moonblade.pass.monthly", platform: "web" });
    expect(Object.keys(list.content.country)).toEqual(["JP"]);
    const base = {
      client_id: clientId,
      oauth_token: token,
      product_id: "moonblade.pass.monthly",
      platform: "web" as const,
      country: "JP",
      server_id: role.server_id,
      role_id: role.role_id,
    };
    const pay = await h.call("payStart", { ...base, payway_id: 10201, channel_id: "paypal" }, { path: "/api/pay/paypal_pay" });
    expect(pay.content).toMatchObject({ status: -1, currency: "JPY", amount: 750, flow: "redirect" });
    const repeat = await h.call("payStart", { ...base, payway_id: 10801, channel_id: "platform" }, { path: "/api/pay/platform_pay" });
    expect(repeat.content).toMatchObject({ status: 10, billing_no: pay.content.billing_no });
    const limits = await h.call("limitProductInfo", {
      client_id: clientId,
      role_id: role.role_id,
      server_id: role.server_id,
      oauth_token: token,
    });
    expect(limits.content.limits.find((l) => l.product_id === "moonblade.pass.monthly")).toMatchObject({
      extra_pay_times: -1,
      pending_billing_no: pay.content.billing_no,
    });
    expect((await h.call("orderInfo", { billing_no: pay.content.billing_no, simple: 1, oauth_token: token })).content).toEqual({
      status: -1,
      billing_no: pay.content.billing_no,
    });
    expect(await decide(h, pay.content.url ?? "", "approved")).toBe(200);
    expect((await h.call("evoke", { client_id: clientId, billing_no: pay.content.billing_no, oauth_token: token })).content.url).toBe(
      `sandbox-sakura://open?game=moonblade&billing_no=${pay.content.billing_no}`,
    );
    const full = await h.call("orderInfo", { billing_no: pay.content.billing_no, oauth_token: token });
    expect(full.content).toMatchObject({
      status: 1,
      product_name: "Monthly Pass",
      user_name: "sakura_player",
      game_name: "月影の剣 Moonblade",
      // The method by its id and its display name from the payment-method catalogue, never the internal "Paypal".
      payway_id: 10201,
      payway_name: "PayPal",
    });
    // Paid is not delivered: the game confirms delivery a moment later (5 s in the sandbox).
    expect(full.content.paid_at).toBeGreaterThan(0);
    expect(full.content.delivered_at).toBeUndefined();
    await h.db.query("UPDATE orders SET paid_at = paid_at - interval '6 seconds' WHERE billing_no = $1", [pay.content.billing_no]);
    const delivered = await h.call("orderInfo", { billing_no: pay.content.billing_no, oauth_token: token });
    expect(delivered.content.delivered_at).toBe((delivered.content.paid_at ?? 0) + 5);
    const after = await h.call("limitProductInfo", {
      client_id: clientId,
      role_id: role.role_id,
      server_id: role.server_id,
      oauth_token: token,
    });
    expect(after.content.limits.find((l) => l.product_id === "moonblade.pass.monthly")?.extra_pay_times).toBe(0);
    expect((await h.call("payStart", { ...base, payway_id: 10201, channel_id: "paypal" }, { path: "/api/pay/paypal_pay" })).code).toBe(
      -3102,
    );
    const orders = await h.call("orderList", { client_id: clientId, oauth_token: token });
    expect(orders.content.orders[0]).toMatchObject({ billing_no: pay.content.billing_no, payway_id: 10201, payway_name: "PayPal" });
    const gift = await h.call("thirdGift", { client_id: clientId, billing_no: pay.content.billing_no, oauth_token: token });
    expect(gift.content.gifts).toEqual([]);
    // Another account cannot read the order.
    const other = await h.call("googleAuth", { authorization_code: "sbx_snoop", client_id: clientId });
    expect((await h.call("orderInfo", { billing_no: pay.content.billing_no, oauth_token: other.content.oauth_token })).code).toBe(-603);
    expect((await h.call("orderInfo", { billing_no: pay.content.billing_no })).code).toBe(-600);
  });

  it("refuses unknown methods, a method on the wrong endpoint, a channel outside its price bounds, and another user's role", async () => {
    const { token, clientId } = await h.login("jade");
    const role = await firstRole(token, clientId);
    const base = {
      client_id: clientId,
      oauth_token: token,
      platform: "web" as const,
      country: "TW",
      server_id: role.server_id,
      role_id: role.role_id,
    };
    const codeOf = async (params: Record<string, unknown>, path: string) =>
      (await h.call("payStart", { ...base, ...params }, { path })).code;
    expect(await codeOf({ product_id: "dragonsoul.gems.60", payway_id: 19999, channel_id: "x" }, "/api/pay/paypal_pay")).toBe(-3105);
    expect(await codeOf({ product_id: "dragonsoul.gems.60", payway_id: 10201, channel_id: "paypal" }, "/api/pay/xsolla_pay")).toBe(-3104);
    // MyCard Koudian stops at 50 USD: 99.99 USD of gems is outside its bounds.
    expect(await codeOf({ product_id: "dragonsoul.gems.6480", payway_id: 10303, channel_id: "koudian" }, "/api/pay/payMyCardKouDian")).toBe(
      -3104,
    );
    expect(
      await codeOf({ product_id: "dragonsoul.gems.60", payway_id: 10201, channel_id: "paypal", role_id: "999999" }, "/api/pay/paypal_pay"),
    ).toBe(-3106);
    expect(
      (await h.call("payStart", { ...base, product_id: "nope", payway_id: 10201, channel_id: "paypal" }, { path: "/api/pay/paypal_pay" }))
        .code,
    ).toBe(-3101);
    expect(
      await codeOf({ product_id: "dragonsoul.gems.60", payway_id: 10201, channel_id: "paypal", domain_area: "hk" }, "/api/pay/paypal_pay"),
    ).toBe(-3014);
  });

  it("answers embedded flows with a client secret and Korean variants under /api/kr_pay/", async () => {
    const aurora = await h.login("aurora");
    const role = await firstRole(aurora.token, aurora.clientId);
    const airwallex = await buy(
      h,
      { token: aurora.token, clientId: aurora.clientId },
      { product: "starfall.gems.60", country: "US", payway: 11702, channel: "card", path: "/api/pay/airwallex", role },
    );
    expect(airwallex.content).toMatchObject({ flow: "airwallexCard", status: -1 });
    expect(airwallex.content.client_secret).toHaveLength(32);
    const hanbit = await h.login("hanbit");
    const hrole = await firstRole(hanbit.token, hanbit.clientId);
    for (const [path, payway, channel] of [
      ["/api/kr_pay/naver_pay", 11401, "naver"],
      ["/api/kr_pay/kakao_pay", 12301, "kakao"],
      ["/api/kr_pay/welcome_pay", 11501, "welcome"],
    ] as const) {
      const product = `skyforge.gems.${payway === 11401 ? 60 : payway === 12301 ? 300 : 680}`;
      const res = await h.call(
        "payStart",
        {
          client_id: hanbit.clientId,
          oauth_token: hanbit.token,
          platform: "web",
          country: "KR",
          server_id: hrole.server_id,
          role_id: hrole.role_id,
          product_id: product,
          payway_id: payway,
          channel_id: channel,
        },
        { path },
      );
      expect(res.code, path).toBe(1);
    }
  });

  it("a declined payment fails the order and a duplicate notification changes nothing", async () => {
    const { token, clientId } = await h.login("borealis");
    const role = await firstRole(token, clientId);
    const pay = await buy(
      h,
      { token, clientId },
      {
        product: "frostline.gems.680",
        country: "RU",
        payway: 11001,
        channel: "xsolla",
        path: "/api/pay/xsolla_pay",
        platform: "android",
        role,
      },
    );
    expect(await decide(h, pay.content.url ?? "", "pending")).toBe(200);
    expect((await h.call("orderInfo", { billing_no: pay.content.billing_no, simple: 1, oauth_token: token })).content.status).toBe(-1);
    expect(await decide(h, pay.content.url ?? "", "declined")).toBe(200);
    expect((await h.call("orderInfo", { billing_no: pay.content.billing_no, simple: 1, oauth_token: token })).content.status).toBe(-2);
    // A late approval cannot turn a failed order into a paid one.
    expect(await decide(h, pay.content.url ?? "", "approved")).toBe(200);
    expect((await h.call("orderInfo", { billing_no: pay.content.billing_no, simple: 1, oauth_token: token })).content.status).toBe(-2);
  });
});

describe("sandbox providers", () => {
  async function order(brand: string, country: string, path: string, paywayId: number, channelId: string, product: string) {
    const { token, clientId } = await h.login(brand);
    const role = await firstRole(token, clientId);
    const pay = await h.call(
      "payStart",
      {
        client_id: clientId,
        oauth_token: token,
        platform: "web",
        country,
        server_id: role.server_id,
        role_id: role.role_id,
        product_id: product,
        payway_id: paywayId,
        channel_id: channelId,
      },
      { path },
    );
    expect(pay.code).toBe(1);
    return { pay: pay.content, token };
  }
  const submit = async (payUrl: string, fields: Record<string, string>) => {
    const url = new URL(payUrl);
    const body = new URLSearchParams({ sig: url.searchParams.get("sig") ?? "", ...fields }).toString();
    return h.app.inject({
      method: "POST",
      url: url.pathname,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: body,
    });
  };
  const status = async (billingNo: string, token: string) =>
    (await h.call("orderInfo", { billing_no: billingNo, simple: 1, oauth_token: token })).content.status;

  it("every payment method of the catalogue is offered in some region of some brand", async () => {
    const seen = new Set<number>();
    for (const game of h.platform.catalog.games.filter((g) => g.parentGpId === undefined)) {
      const list = await h.call("countryList", { client_id: game.clientIds.web, product_id: game.goods[0]?.productId, platform: "ios" });
      for (const channels of Object.values(list.content.country))
        for (const c of channels) for (const x of [c, ...c.sub_payment]) seen.add(x.payway_id);
    }
    const catalogue = [
      10101, 10102, 10103, 10104, 10201, 10301, 10302, 10303, 10401, 10501, 10701, 10801, 11001, 11401, 11501, 11601, 11602, 11701, 11702,
      11801, 12001, 12101, 12201, 12301,
    ];
    expect(catalogue.filter((id) => !seen.has(id))).toEqual([]);
  });

  it("card checkouts pay with a valid test card and decline the decline card", async () => {
    const page = await order("aurora", "US", "/api/pay/airwallex", 11702, "card", "starfall.gems.680");
    const html = (await h.app.inject({ method: "GET", url: new URL(page.pay.url ?? "").pathname + new URL(page.pay.url ?? "").search }))
      .body;
    expect(html).toContain('name="card_number"');
    expect((await submit(page.pay.url ?? "", { outcome: "card", step: "card", card_number: "4000 0000 0000 0002" })).statusCode).toBe(200);
    expect(await status(page.pay.billing_no, page.token)).toBe(-2);
    const ok = await order("aurora", "US", "/api/pay/airwallex", 11702, "card", "starfall.gems.1280");
    await submit(ok.pay.url ?? "", { outcome: "card", step: "card", card_number: "4242 4242 4242 4242" });
    expect(await status(ok.pay.billing_no, ok.token)).toBe(1);
  });

  it("MyCard in-game cards redeem with their password", async () => {
    const page = await order("jade", "TW", "/api/pay/payMyCardInGame", 10301, "ingame", "dragonsoul.gems.680");
    await submit(page.pay.url ?? "", { outcome: "card", step: "mycard", card_number: "MC0000000001", card_password: "wrong" });
    expect(await status(page.pay.billing_no, page.token)).toBe(-2);
  });

  it("a notification is applied once: the same event again changes nothing; a bad signature is refused", async () => {
    const { pay, token } = await order("borealis", "RU", "/api/pay/payermax_pay", 11801, "payermax", "frostline.gems.300");
    const body = JSON.stringify({
      event_id: "evt-dup-1",
      billing_no: pay.billing_no,
      outcome: "approved",
      provider: "11801",
      amount: pay.amount,
      currency: pay.currency,
    });
    const send = (signature: string) =>
      h.app.inject({
        method: "POST",
        url: "/sandbox/notify",
        headers: { "content-type": "application/json", "x-sandbox-signature": signature },
        payload: body,
      });
    expect((await send("0".repeat(64))).statusCode).toBe(401);
    expect(await status(pay.billing_no, token)).toBe(-1);
    const signature = signNotification("test-secret", body);
    expect((await send(signature)).json()).toMatchObject({ code: 1, content: { applied: true } });
    expect((await send(signature)).json()).toMatchObject({ code: 1, content: { applied: false } });
    const [row] = await h.db.query<{ n: string }>("SELECT count(*)::text AS n FROM payment_notifications WHERE event_id = 'evt-dup-1'");
    expect(row?.n).toBe("1");
    expect(await status(pay.billing_no, token)).toBe(1);
  });
});

describe("prepaid cards", () => {
  it("checks a card, exchanges it once, and completes the exchange", async () => {
    const { token, clientId } = await h.login("jade");
    const role = await firstRole(token, clientId);
    const info = encodeCardInfo(cardNumber("jade", 2), cardPassword(2));
    const check = await h.call("cardInfo", { client_id: clientId, card_info: info });
    expect(check.content).toMatchObject({ card_points: 43, gems_number: 430, extra_gems_number: 43, currency: "TWD" });
    const pay = await h.call("cardPay", {
      client_id: clientId,
      oauth_token: token,
      server_id: role.server_id,
      role_id: role.role_id,
      platform: "web",
      card_info: info,
    });
    expect(pay.content.status).toBe(-1);
    expect(
      (
        await h.call("cardPay", {
          client_id: clientId,
          oauth_token: token,
          server_id: role.server_id,
          role_id: role.role_id,
          platform: "web",
          card_info: info,
        })
      ).code,
    ).toBe(-3202);
    expect((await h.call("cardInfo", { client_id: clientId, card_info: info })).code).toBe(-3202);
    // The platform completes card exchanges CARD_SETTLE_MS after they are made (its sweep, not a read).
    const pending = await h.call("orderInfo", { billing_no: pay.content.billing_no, oauth_token: token });
    expect(pending.content.status).toBe(-1);
    await h.db.query("UPDATE orders SET created_at = now() - interval '5 seconds' WHERE billing_no = $1", [pay.content.billing_no]);
    await settleDueCardOrders(h.platform);
    const done = await h.call("orderInfo", { billing_no: pay.content.billing_no, oauth_token: token });
    expect(done.content).toMatchObject({ status: 1, gems_number: 473 });
  });

  it("locks a card after five wrong passwords a minute", async () => {
    const cid = web("jade");
    const codes: number[] = [];
    for (let i = 0; i < 6; i++)
      codes.push(
        (await h.call("cardInfo", { client_id: cid, card_info: encodeCardInfo(cardNumber("jade", 5), `wrong-${i}`) }, { ip: "10.9.9.1" }))
          .code,
      );
    expect(codes).toEqual([-3201, -3201, -3201, -3201, -3203, -3203]);
    // Even the right password is refused while locked.
    expect(
      (await h.call("cardInfo", { client_id: cid, card_info: encodeCardInfo(cardNumber("jade", 5), cardPassword(5)) }, { ip: "10.9.9.2" }))
        .code,
    ).toBe(-3203);
    // A tampered card_info is refused before any lookup.
    const forged = `${encodeCardInfo(cardNumber("jade", 6), cardPassword(6)).split(".")[0]}.${"0".repeat(64)}`;
    expect((await h.call("cardInfo", { client_id: cid, card_info: forged }, { ip: "10.9.9.3" })).code).toBe(-3201);
  });

  it("logs in with a card number and password", async () => {
    const res = await h.call("auth", {
      username: encodeCredential(cardNumber("jade", 7)),
      password: encodeCredential(cardPassword(7)),
      login_type: "card",
      client_id: web("jade"),
    });
    expect(res.content.username).toBe(cardNumber("jade", 7));
  });
});

describe("VIP, coupons and events", () => {
  it("a claim whose coupon code is already stored under another name answers with the envelope, never a 500", async () => {
    // Two claims racing on PostgreSQL meet here too: the insert's ON CONFLICT named only the
    // (user, brand, kind, period, name) key, so a conflict on the code's own key was an error.
    await freshAccount(h.db, h.platform.catalog, "aurora", "vip", "renamed", h.platform.now());
    const { token, clientId } = await h.login("aurora", "vip_renamed");
    const claimable = await h.call("couponList", { client_id: clientId, oauth_token: token, use_category: "claim" });
    const week = claimable.content.coupons.find((c) => c.kind === "week");
    expect(week).toBeDefined();
    // The same code kept by an older platform, under a name the catalogue no longer uses, unclaimed.
    await h.db.query(
      `INSERT INTO coupons (code, user_id, brand_id, name, kind, discount_rate, claimed, period, valid_end_time, created_at)
       SELECT $1, user_id, 'aurora', 'an older name', 'week', 0.9, false, 'older', now() + interval '7 days', now()
         FROM accounts WHERE brand_id = 'aurora' AND username = 'aurora_vip_renamed'`,
      [week?.code],
    );
    const received = await h.call("receiveCoupons", { client_id: clientId, oauth_token: token, code: week?.code });
    expect(received.status).toBeLessThan(500);
    expect(received.code).toBe(1);
    expect(received.content.coupons.map((c) => c.code)).toEqual([week?.code]);
  });

  it("VIP basic info, the account's level, claiming period coupons and exchanging points", async () => {
    const { token, clientId } = await h.login("aurora", "vip");
    expect((await h.call("vipBasicInfo", { client_id: clientId })).content.levels.map((l) => l.need_points)).toEqual([
      0, 1000, 5000, 20000, 50000,
    ]);
    const vip = await h.call("vipInfo", { client_id: clientId, oauth_token: token });
    expect(vip.content).toMatchObject({ vip_level: 2, vip_level_name: "Gold", total_points: 6000, next_level_points: 20000 });
    const claimable = await h.call("couponList", { client_id: clientId, oauth_token: token, use_category: "claim" });
    expect(claimable.content.coupons.map((c) => c.kind).sort()).toEqual(["month", "week"]);
    const week = claimable.content.coupons.find((c) => c.kind === "week");
    const received = await h.call("receiveCoupons", { client_id: clientId, oauth_token: token, code: week?.code });
    expect(received.content.coupons.map((c) => [c.code, c.use_category])).toEqual([[week?.code, "avail"]]);
    expect((await h.call("receiveCoupons", { client_id: clientId, oauth_token: token, code: week?.code })).code).toBe(-3302);
    const history = await h.call("couponList", { client_id: clientId, oauth_token: token, use_category: "history" });
    expect(history.content.coupons.map((c) => c.is_used).sort()).toEqual([false, true]);
    const role = await firstRole(token, clientId);
    const spend = (points: number, roleId = role.role_id) =>
      h.call("exchangePoints", { client_id: clientId, oauth_token: token, points, server_id: role.server_id, role_id: roleId });
    // Coins go to one of the account's own characters only.
    expect((await spend(1000, "x")).code).toBe(-3106);
    expect((await spend(1000)).content).toEqual({ coins: 100, exchangeable_points: 5000 });
    expect((await spend(999999)).code).toBe(-3303);
    expect((await h.call("vipBasicInfo", { client_id: web("sakura") })).code).toBe(-3301);
  });

  it("a purchase that reaches a level grants that level's coupons", async () => {
    const google = await h.call("googleAuth", { authorization_code: "sbx_levelup", client_id: web("jade") });
    const token = google.content.oauth_token;
    const clientId = web("jade");
    const role = await firstRole(token, clientId);
    expect((await h.call("vipInfo", { client_id: clientId, oauth_token: token })).content.vip_level).toBe(0);
    const pay = await buy(
      h,
      { token, clientId },
      { product: "dragonsoul.gems.3280", country: "TW", payway: 11601, channel: "alipay", path: "/api/pay/alipay_pay", role },
    );
    await decide(h, pay.content.url ?? "", "approved");
    const vip = await h.call("vipInfo", { client_id: clientId, oauth_token: token });
    // 49.99 USD of gems is 1,600 TWD: 5,000 growth points, exactly Gold.
    expect(vip.content).toMatchObject({ vip_level: 2, vip_level_name: "Gold", total_points: 5000 });
    const coupons = await h.call("couponList", { client_id: clientId, oauth_token: token, use_category: "avail,lock" });
    expect(
      coupons.content.coupons
        .filter((c) => c.kind === "permanent")
        .map((c) => c.discount_rate)
        .sort(),
    ).toEqual([0.92, 0.95]);
  });

  it("prices with a coupon, locks coupons that cannot apply, and refuses illegal use", async () => {
    const { token, clientId } = await h.login("aurora", "vip");
    const avail = await h.call("couponList", {
      client_id: clientId,
      oauth_token: token,
      use_category: "avail,lock",
      product_id: "starfall.gems.60",
    });
    const locked = avail.content.coupons.filter((c) => c.use_category === "lock");
    expect(locked.map((c) => c.lock_reason)).toContain("Minimum spend not reached");
    const best = avail.content.coupons.filter((c) => c.use_category === "avail").sort((a, b) => a.discount_rate - b.discount_rate)[0];
    const quote = await h.call("productPoints", {
      client_id: clientId,
      oauth_token: token,
      product_id: "starfall.gems.60",
      coupon_code: best?.code,
    });
    expect(quote.content.discountPrice).toBeLessThan(quote.content.price);
    expect(
      (
        await h.call("productPoints", {
          client_id: clientId,
          oauth_token: token,
          product_id: "starfall.pass.monthly",
          coupon_code: best?.code,
        })
      ).code,
    ).toBe(-3062);
    expect(
      (await h.call("productPoints", { client_id: clientId, oauth_token: token, product_id: "starfall.gems.60", coupon_code: "CPNOTMINE" }))
        .code,
    ).toBe(-3062);
    expect(
      (await h.call("productPoints", { client_id: clientId, oauth_token: token, product_id: "starfall.gems.60", coupon_code: "" })).content
        .points,
    ).toBe(99);
  });

  it("event progress, claiming a reward once, and -3022 for a missing activity", async () => {
    const { token, clientId } = await h.login("hanbit");
    const role = await firstRole(token, clientId);
    const pay = await buy(h, { token, clientId }, { product: "skyforge.gems.680", country: "KR", role });
    await decide(h, pay.content.url ?? "", "approved");
    const status = await h.call("activityStatus", { client_id: clientId, oauth_token: token });
    expect(status.content).toMatchObject({ is_has_cumulative: true, is_has_continue: true });
    expect(status.content.claimable).toBeGreaterThanOrEqual(2);
    const info = await h.call("activityInfo", { client_id: clientId, oauth_token: token });
    const cumulative = info.content.activities.find((a) => a.type === "cumulative");
    expect(cumulative?.progress).toBe(13500);
    expect(cumulative?.rewards.map((r) => r.state)).toEqual(["claimable", "locked", "locked"]);
    const params = { client_id: clientId, oauth_token: token, activity_id: cumulative?.activity_id ?? "", reward_id: "r1" };
    expect((await h.call("receiveActivityGift", params)).content.state).toBe("received");
    expect((await h.call("receiveActivityGift", params)).code).toBe(-3302);
    expect((await h.call("receiveActivityGift", { ...params, reward_id: "r2" })).code).toBe(-3302);
    expect((await h.call("receiveActivityGift", { ...params, activity_id: "cum-0-1999-01" })).code).toBe(-3022);
  });
});

describe("replenish links", () => {
  it("shows a link, pays it without logging in as the target, and lifts the target's block", async () => {
    const info = await h.call("replenishInfo", { replenish_id: "rp-aurora-hour" });
    expect(info.content).toMatchObject({ user_name: "aurora_target", status: "open", currency_code: "USD" });
    expect(info.content.valid_time).toBeGreaterThan(3500);
    expect(info.content.valid_time).toBeLessThanOrEqual(3600);
    expect((await h.call("replenishGameList", { replenish_id: "rp-aurora-hour" })).content.games[0]?.game_key).toBe("starfall");
    expect((await h.call("replenishGameList", { rp_client_id: web("jade") })).content.games[0]?.game_key).toBe("dragonsoul");
    const list = await h.call("replenishCountryList", { replenish_id: "rp-aurora-hour", platform: "web" });
    expect(Object.keys(list.content.country)).toContain("US");
    const pay = await h.call(
      "payStart",
      {
        client_id: info.content.client_id,
        product_id: "ignored",
        platform: "web",
        country: "US",
        payway_id: 10201,
        channel_id: "paypal",
        replenish_id: "rp-aurora-hour",
      },
      { path: "/api/pay/paypal_pay" },
    );
    expect(pay.content.status).toBe(-1);
    await decide(h, pay.content.url ?? "", "approved");
    expect((await h.call("orderInfo", { billing_no: pay.content.billing_no, simple: 1 })).content.status).toBe(1);
    expect((await h.call("replenishInfo", { replenish_id: "rp-aurora-hour" })).content).toMatchObject({
      status: "paid",
      valid_time: 0,
      billing_no: pay.content.billing_no,
    });
    const [block] = await h.db.query<{ lifted: boolean }>(
      "SELECT lift_at <= now() AS lifted FROM account_blocks b JOIN accounts a ON a.user_id = b.user_id WHERE a.username = 'aurora_target'",
    );
    expect(block?.lifted).toBe(true);
  });

  it("an expired link shows as expired and cannot be paid; an unknown one is -3016", async () => {
    expect((await h.call("replenishInfo", { replenish_id: "rp-aurora-expired" })).content).toMatchObject({
      status: "expired",
      valid_time: 0,
    });
    expect((await h.call("replenishCountryList", { replenish_id: "rp-aurora-expired", platform: "web" })).code).toBe(-3016);
    expect((await h.call("replenishInfo", { replenish_id: "rp-nope" })).code).toBe(-3016);
  });
});

describe("real name, test accounts and tracking", () => {
  it("answers 6001 with a ticket, verifies the id number, then lets the account in", async () => {
    const cid = web("hanbit");
    const login = () =>
      h.call("auth", { username: encodeCredential("hanbit_realname"), password: encodeCredential("sandbox-pass"), client_id: cid });
    const gate = await login();
    expect(gate.code).toBe(6001);
    const ticket = (gate.content as unknown as { ticket: string }).ticket;
    expect((await h.call("realNameVerify", { client_id: cid, ticket, name: "Kim Minsu", id_number: "110101199003070000" })).code).toBe(
      -3401,
    );
    expect(validIdNumber("11010119900307001X")).toBe(false);
    expect(
      (await h.call("realNameVerify", { client_id: cid, ticket, name: "Kim Minsu", id_number: "11010519491231002X" })).content.real_name,
    ).toBe(true);
    expect((await login()).code).toBe(1);
  });

  it("confirms a tester's own token on the device it was issued to, and refuses any other", async () => {
    const cid = web("aurora");
    const signIn = (idfv: string) =>
      h.call("auth", { username: encodeCredential("aurora_tester"), password: encodeCredential("sandbox-pass"), client_id: cid, idfv });
    const login = await signIn("device-1");
    const token = login.content.beta_token ?? "";
    expect(token).toMatch(/^beta_[A-Za-z0-9_-]{32}$/);
    // Each sign-in issues another token: none is a fixed value of the brand.
    expect((await signIn("device-1")).content.beta_token).not.toBe(token);
    const confirm = (beta_token: string, idfv?: string) => h.call("betaConfirm", { beta_token, client_id: cid, ...(idfv ? { idfv } : {}) });
    expect((await confirm(token, "device-1")).content.username).toBe("aurora_tester");
    expect((await confirm(token, "device-2")).code).toBe(-3501);
    expect((await confirm(token)).code).toBe(-3501);
    expect((await confirm("beta_0000000000000000000000000000", "device-1")).code).toBe(-3501);
    // Another brand's client does not take it.
    expect((await h.call("betaConfirm", { beta_token: token, client_id: web("jade"), idfv: "device-1" })).code).toBe(-3501);
    // Revoking this tester's tokens leaves the platform's secret, and every other tester, alone.
    await h.db.query("UPDATE tester_tokens SET revoked_at = now() WHERE user_id = $1", [login.content.suid]);
    expect((await confirm(token, "device-1")).code).toBe(-3501);
  });

  it("stores tracking events", async () => {
    expect(
      (await h.call("trackDot", { event: "viewPage", app_id: "aurora-web", session_id: "s1", data: { path: "/selectGoods" } })).content
        .stored,
    ).toBe(true);
    expect((await h.call("trackApi", { event: 18, product_id: "starfall.gems.60", payway_id: 10201, amount: 0.99 })).content.stored).toBe(
      true,
    );
    const events = (await h.raw("GET", "/sandbox/tracking", { name: "viewPage" })).json() as {
      content: { events: { payload: { data: { path: string } } }[] };
    };
    expect(events.content.events.at(-1)?.payload.data.path).toBe("/selectGoods");
  });
});

describe("coverage", () => {
  it("every call of the contract answered successfully in this suite", () => {
    expect(Object.keys(apiCalls).filter((name) => !exercised.has(name))).toEqual([]);
  });
});

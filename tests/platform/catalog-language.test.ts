// The catalogue speaks the caller's language: every text a player reads follows spec_lang (English
// for a language the catalogue has not got), while amounts, ids and product ids never change. Every
// answer is checked against the contract by the harness.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buy, clientOf, decide, type Harness, startHarness } from "./harness.ts";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
}, 120_000);
afterAll(async () => h?.close());

const web = (brand: string, game?: string) => clientOf(h.platform, brand, game).clientIds.web;
/** Every string of an answer, with what it is. */
const strings = (value: unknown, path = ""): [string, string][] =>
  typeof value === "string"
    ? [[path, value]]
    : value && typeof value === "object"
      ? Object.entries(value).flatMap(([k, v]) => strings(v, `${path}/${k}`))
      : [];
/** An answer without its texts: what must be the same in every language. */
const withoutTexts = (value: unknown, texts: RegExp): unknown =>
  Array.isArray(value)
    ? value.map((v) => withoutTexts(v, texts))
    : value && typeof value === "object"
      ? Object.fromEntries(Object.entries(value).flatMap(([k, v]) => (texts.test(k) ? [] : [[k, withoutTexts(v, texts)]])))
      : value;

describe("the catalogue in the caller's language", () => {
  it("goods, their tabs and the list's note: Japanese for ja, English for an unknown language; prices and ids alike", async () => {
    const ask = (spec_lang?: string) => h.call("productList", { client_id: web("aurora"), ...(spec_lang ? { spec_lang } : {}) });
    const [ja, en, unknown] = await Promise.all([ask("ja"), ask("en"), ask("xx")]);
    const gems = (r: typeof ja) => r.content.goods.find((g) => g.value === "starfall.gems.60");
    expect(gems(ja)).toMatchObject({ display: "60ジェム", description: expect.stringContaining("キャラクター") });
    expect(ja.content.types.map((t) => t.name)).toEqual(["ジェム", "パス", "パック"]);
    expect(ja.content.explanation).toMatch(/税込/);
    expect(gems(en)?.display).toBe("60 Gems");
    expect(unknown.content).toEqual(en.content);
    expect((await ask()).content).toEqual(en.content);
    const texts = /^(display|description|name|explanation)$/;
    expect(withoutTexts(ja.content, texts)).toEqual(withoutTexts(en.content, texts));
  });

  it("takes the language as the storefront or a game sends it: zh-TW, pt-BR", async () => {
    const name = async (spec_lang: string) =>
      (await h.call("productList", { client_id: web("aurora"), spec_lang })).content.goods.find((g) => g.value === "starfall.pass.monthly")
        ?.display;
    expect(await name("zh-TW")).toBe("月通行證");
    expect(await name("zh-cn")).toBe("月度通行证");
    expect(await name("pt-BR")).toBe("Passe mensal");
  });

  it("payment list: channel tips and word-like sub-channel names in Japanese, brands' names as they are, bounds alike", async () => {
    const list = (client_id: string, spec_lang: string) => {
      const game = h.platform.catalog.byClientId.get(client_id);
      return h.call("countryList", { client_id, product_id: game?.goods[0]?.productId, spec_lang, platform: "web" });
    };
    const sea = await list(web("aurora", "tidecall"), "ja");
    const razer = sea.content.country.MY?.find((c) => c.channel_id === "razer");
    expect(razer?.name).toBe("Razer Gold");
    expect(razer?.sub_payment.map((s) => s.name)).toEqual(expect.arrayContaining(["電子マネー", "プリペイドカード", "molpoints"]));
    const coda = sea.content.country.MY?.find((c) => c.channel_id === "coda");
    expect(JSON.parse(coda?.description ?? "{}")).toEqual({ tip: "携帯料金払いと電子マネー" });
    const jp = await list(web("sakura"), "ja");
    expect(JSON.parse(jp.content.country.JP?.find((c) => c.channel_id === "platform")?.description ?? "{}")).toEqual({
      tip: "コンビニ・キャリア決済",
    });
    const en = await list(web("aurora", "tidecall"), "xx");
    expect(en.content.country.MY?.find((c) => c.channel_id === "razer")?.sub_payment.map((s) => s.name)).toContain("e-wallet");
    const texts = /^(name|description)$/;
    expect(withoutTexts(sea.content, texts)).toEqual(withoutTexts(en.content, texts));
  });

  it("VIP levels, their coupons and rewards, the account's level and its coupons in Japanese; English for an unknown language", async () => {
    const { token, clientId } = await h.login("aurora", "vip");
    const basic = await h.call("vipBasicInfo", { client_id: clientId, spec_lang: "ja" });
    expect(basic.content.levels.map((l) => l.level_name)).toEqual(["ブロンズ", "シルバー", "ゴールド", "プラチナ", "ダイヤモンド"]);
    expect(basic.content.levels[2]).toMatchObject({
      first_reward: "ゴールドフレームと500ジェム",
      coupons_list: [{ name: "8%OFF" }, { name: "週間5%OFF" }, { name: "月間10%OFF" }],
    });
    expect(basic.content.faq_title).toBe("VIPについて");
    const english = await h.call("vipBasicInfo", { client_id: clientId, spec_lang: "xx" });
    expect(english.content.levels.map((l) => l.level_name)).toEqual(["Bronze", "Silver", "Gold", "Platinum", "Diamond"]);
    expect(withoutTexts(basic.content, /name|reward|faq/)).toEqual(withoutTexts(english.content, /name|reward|faq/));
    const info = await h.call("vipInfo", { client_id: clientId, oauth_token: token, spec_lang: "ja" });
    expect(info.content).toMatchObject({ vip_level: 2, vip_level_name: "ゴールド" });

    const coupons = async (spec_lang: string) =>
      (await h.call("couponList", { client_id: clientId, oauth_token: token, use_category: "claim,avail,lock,history", spec_lang })).content
        .coupons;
    const [ja, en] = await Promise.all([coupons("ja"), coupons("xx")]);
    expect(ja.map((c) => c.name)).toEqual(expect.arrayContaining(["8%OFF", "月間10%OFF", "ウェルカム7%OFF", "春の4%OFF"]));
    expect(en.map((c) => c.name)).toEqual(expect.arrayContaining(["8% off", "10% off monthly", "7% off welcome", "4% off spring"]));
    expect(ja.map((c) => [c.code, c.discount_rate, c.use_category])).toEqual(en.map((c) => [c.code, c.discount_rate, c.use_category]));
    // Why a coupon is locked is said in the language too.
    const locked = await h.call("couponList", {
      client_id: clientId,
      oauth_token: token,
      use_category: "lock",
      product_id: "starfall.pass.monthly",
      spec_lang: "ja",
    });
    expect(locked.content.coupons.map((c) => c.lock_reason)).toContain("この商品にはクーポンを利用できません");
  });

  it("events: titles, descriptions and rewards in Japanese; progress and thresholds alike", async () => {
    const { token, clientId } = await h.login("hanbit");
    const ask = (spec_lang: string) => h.call("activityInfo", { client_id: clientId, oauth_token: token, spec_lang });
    const [ja, en] = await Promise.all([ask("ja"), ask("xx")]);
    expect(ja.content.activities.map((a) => a.title)).toEqual(["チャージ報酬", "毎日チャージ連続ボーナス"]);
    expect(ja.content.activities[0]?.rewards.map((r) => r.name)).toEqual(["200ジェム", "エピック宝箱", "レジェンドヒーローのかけら"]);
    expect(en.content.activities.map((a) => a.title)).toEqual(["Top-up rewards", "Daily top-up streak"]);
    const texts = /^(title|description|name)$/;
    expect(withoutTexts(ja.content, texts)).toEqual(withoutTexts(en.content, texts));
  });

  it("an order's goods and the partner's gift in the caller's language; the stored order unchanged", async () => {
    const { token, clientId } = await h.login("aurora", "player");
    const roles = await h.call("allRoleList", { client_id: clientId, oauth_token: token });
    const role = roles.content.roles[0];
    if (!role) throw new Error("no role");
    const pay = await buy(h, { token, clientId }, { product: "starfall.gems.1280", country: "US", role });
    await decide(h, pay.content.url ?? "", "approved");
    const billing_no = pay.content.billing_no;
    const order = (spec_lang: string) => h.call("orderInfo", { billing_no, oauth_token: token, spec_lang });
    expect((await order("ja")).content.product_name).toBe("1,280ジェム");
    expect((await order("de")).content.product_name).toBe("1.280 Edelsteine");
    expect((await order("xx")).content.product_name).toBe("1,280 Gems");
    const list = await h.call("orderList", { client_id: clientId, oauth_token: token, spec_lang: "ko" });
    expect(list.content.orders.find((o) => o.billing_no === billing_no)?.product_name).toBe("젬 1,280개");
    const gift = (spec_lang: string) => h.call("thirdGift", { client_id: clientId, oauth_token: token, billing_no, spec_lang });
    expect((await gift("ja")).content.gifts.map((g) => g.name)).toEqual(["パートナー特典：プレミアム音楽7日間無料体験"]);
    expect((await gift("xx")).content.gifts.map((g) => g.name)).toEqual(["Partner gift: 7-day premium music trial"]);
    const [stored] = await h.db.query<{ product_name: string }>("SELECT product_name FROM orders WHERE billing_no = $1", [billing_no]);
    expect(stored?.product_name).toBe("1,280 Gems");
  });

  it("never leaves an English sentence in another language's answers", async () => {
    const { token, clientId } = await h.login("aurora", "vip");
    for (const spec_lang of ["ar", "ru", "th", "zh-cn"]) {
      const answers = await Promise.all([
        h.call("productList", { client_id: clientId, spec_lang }),
        h.call("vipBasicInfo", { client_id: clientId, spec_lang }),
        h.call("couponList", { client_id: clientId, oauth_token: token, use_category: "claim,avail,history", spec_lang }),
        h.call("activityInfo", { client_id: clientId, oauth_token: token, spec_lang }),
      ]);
      const english = answers
        .flatMap((a) => strings(a.content))
        .filter(([path, s]) => /\b[a-z]+ [a-z]+\b/i.test(s) && !/url|icon|logo|code|id$/.test(path));
      expect(english, spec_lang).toEqual([]);
    }
  });
});

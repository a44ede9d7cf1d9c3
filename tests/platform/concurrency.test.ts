// Guards under concurrency: one order for 100 parallel purchases of a once-per-role goods,
// one use of a coupon for 50 parallel orders, one claim of a reward.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buy, clientOf, decide, type Harness, startHarness } from "./harness.ts";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
}, 120_000);
afterAll(async () => h?.close());

describe("concurrency", () => {
  it("100 parallel purchases of a once-per-role goods make exactly one order, and none once it is bought", async () => {
    const { token, clientId } = await h.login("aurora");
    const roles = await h.call("allRoleList", { client_id: clientId, oauth_token: token });
    const role = roles.content.roles[0];
    const params = {
      client_id: clientId,
      oauth_token: token,
      platform: "web" as const,
      country: "US",
      server_id: role?.server_id,
      role_id: role?.role_id,
      product_id: "starfall.pass.monthly",
      payway_id: 10201,
      channel_id: "paypal",
    };
    const results = await Promise.all(Array.from({ length: 100 }, () => h.call("payStart", params, { path: "/api/pay/paypal_pay" })));
    const billingNos = new Set(results.map((r) => r.content.billing_no));
    expect(billingNos.size).toBe(1);
    expect(results.filter((r) => r.content.status === -1)).toHaveLength(1);
    expect(results.filter((r) => r.content.status === 10)).toHaveLength(99);
    const [count] = await h.db.query<{ n: string }>(
      "SELECT count(*)::text AS n FROM orders WHERE role_id = $1 AND product_id = 'starfall.pass.monthly'",
      [role?.role_id],
    );
    expect(count?.n).toBe("1");

    await decide(h, results[0]?.content.url ?? "", "approved");
    const again = await Promise.all(Array.from({ length: 100 }, () => h.call("payStart", params, { path: "/api/pay/paypal_pay" })));
    expect(again.every((r) => r.code === -3102)).toBe(true);
  });

  it("50 parallel orders using one coupon: exactly one gets it", async () => {
    const { token, clientId, suid } = await h.login("jade", "vip");
    const game = clientOf(h.platform, "jade");
    // Fifty different role × goods pairs, so only the coupon is contended.
    for (let i = 0; i < 10; i++) {
      await h.db.query(
        "INSERT INTO roles (user_id, gp_id, server_id, role_id, role_name, level) VALUES ($1, $2, '1003', $3, $4, 5) ON CONFLICT DO NOTHING",
        [suid, game.gpId, `c${suid}x${i}`, `Clone${i}`],
      );
    }
    const coupons = await h.call("couponList", { client_id: clientId, oauth_token: token, use_category: "avail" });
    const coupon = coupons.content.coupons.find((c) => c.name.includes("5% off"));
    expect(coupon).toBeDefined();
    const products = ["dragonsoul.gems.60", "dragonsoul.gems.300", "dragonsoul.gems.680", "dragonsoul.gems.1280", "dragonsoul.gems.3280"];
    const requests = Array.from({ length: 50 }, (_, i) =>
      h.call(
        "payStart",
        {
          client_id: clientId,
          oauth_token: token,
          platform: "web",
          country: "TW",
          server_id: "1003",
          role_id: `c${suid}x${i % 10}`,
          product_id: products[Math.floor(i / 10)],
          payway_id: 10302,
          channel_id: "billing",
          coupon_code: coupon?.code,
        },
        { path: "/api/pay/payMyCardBilling" },
      ),
    );
    const results = await Promise.all(requests);
    expect(results.filter((r) => r.code === 1)).toHaveLength(1);
    expect(results.filter((r) => r.code === -3062)).toHaveLength(49);
    const [used] = await h.db.query<{ n: string }>("SELECT count(*)::text AS n FROM orders WHERE coupon_code = $1", [coupon?.code]);
    expect(used?.n).toBe("1");
  });

  it("a reward claimed 20 times in parallel is received once", async () => {
    const { token, clientId } = await h.login("hanbit", "vip");
    const roles = await h.call("allRoleList", { client_id: clientId, oauth_token: token });
    const role = roles.content.roles[0];
    const pay = await buy(h, { token, clientId }, { product: "skyforge.gems.60", country: "KR", ...(role ? { role } : {}) });
    await decide(h, pay.content.url ?? "", "approved");
    const info = await h.call("activityInfo", { client_id: clientId, oauth_token: token });
    const streak = info.content.activities.find((a) => a.type === "continue");
    const claims = await Promise.all(
      Array.from({ length: 20 }, () =>
        h.call("receiveActivityGift", { client_id: clientId, oauth_token: token, activity_id: streak?.activity_id, reward_id: "d1" }),
      ),
    );
    expect(claims.filter((c) => c.code === 1)).toHaveLength(1);
    expect(claims.filter((c) => c.code === -3302)).toHaveLength(19);
  });
});

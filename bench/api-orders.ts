// Reads and order creation for bench/api.ts: the game list, the payment list and order polling at a
// fixed 2,000 requests/s after a warm-up, and PayPal orders created as fast as 10 connections go,
// at 200/s, and with an Idempotency-Key each, every request a new character × goods pair.
import { randomUUID } from "node:crypto";
import autocannon from "autocannon";
import { json, postJson, type Row, run, signedIn } from "./api-platform.ts";

const CLIENT_ID = "1001003";
const PRODUCTS = [
  "starfall.gems.300",
  "starfall.gems.680",
  "starfall.gems.1280",
  "starfall.gems.3280",
  "starfall.gems.6480",
  "starfall.bundle.legend",
];

const payOrder = (token: string, role: { server_id: string; role_id: string } | undefined, product: string) => ({
  client_id: CLIENT_ID,
  oauth_token: token,
  platform: "web",
  country: "US",
  server_id: role?.server_id,
  role_id: role?.role_id,
  product_id: product,
  payway_id: 10201,
  channel_id: "paypal",
});

/** Bodies for order creation: new players until there are 24,000 character × goods pairs. */
async function buyers(base: string): Promise<string[]> {
  const pairs: string[] = [];
  for (let i = 0; pairs.length < 24_000; i++) {
    const { token, roles } = await signedIn(base, CLIENT_ID, `sbx_buyer${i}`);
    for (const role of roles) for (const product of PRODUCTS) pairs.push(JSON.stringify(payOrder(token, role, product)));
  }
  return pairs;
}

export async function readsAndOrders(base: string): Promise<Row[]> {
  const { token, roles } = await signedIn(base, CLIENT_ID, "sbx_bench");
  const order = await json(`${base}/api/pay/paypal_pay`, postJson(payOrder(token, roles[0], "starfall.gems.60")));
  const billingNo = String(order.content.billing_no);
  const pairs = await buyers(base);
  let next = 0;
  const createOrder: autocannon.Options = {
    url: `${base}/api/pay/paypal_pay`,
    method: "POST",
    headers: { "content-type": "application/json" },
    requests: [{ setupRequest: (req) => ({ ...req, body: pairs[next++ % pairs.length] }) }],
  };
  // As the storefront sends it: one Idempotency-Key per player action (the effect and its stored answer in one transaction).
  const createKeyedOrder: autocannon.Options = {
    ...createOrder,
    requests: [
      {
        setupRequest: (req) => ({
          ...req,
          headers: { ...req.headers, "idempotency-key": randomUUID() },
          body: pairs[next++ % pairs.length],
        }),
      },
    ],
  };
  const reads = {
    gameList: `${base}/api/pay/getGameListV2?client_id=${CLIENT_ID}&platform=web`,
    paymentList: `${base}/api/pay/getCountryList?client_id=${CLIENT_ID}&product_id=starfall.gems.300&platform=web`,
    polling: `${base}/api/pay/getOrderInfo?billing_no=${billingNo}&simple=1&oauth_token=${token}`,
  };
  // Warm-up: JIT, caches, connection pools.
  for (const url of Object.values(reads)) await autocannon({ url, connections: 10, duration: 2 });
  return [
    await run("game list", { url: reads.gameList, overallRate: 2000 }, "2,000 rps"),
    await run("payment list", { url: reads.paymentList, overallRate: 2000 }, "2,000 rps"),
    await run("order polling", { url: reads.polling, overallRate: 2000 }, "2,000 rps"),
    await run("order creation (max)", { ...createOrder, connections: 10 }, "max"),
    await run("order creation", { ...createOrder, overallRate: 200, connections: 4 }, "200 rps"),
    await run("order creation with Idempotency-Key (max)", { ...createKeyedOrder, connections: 10 }, "max"),
  ];
}

// `npm run bench:api`: the platform in its own process on 127.0.0.1, loaded by autocannon after a
// warm-up: game list, payment list, order polling (reads) and order creation. Prints a Markdown table.
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { encodeCardInfo, encodeCredential } from "../server/domain/crypto.ts";
import { cardNumber } from "../server/domain/seed.ts";

const root = join(import.meta.dirname, "..");
const seconds = Number(process.env.BENCH_SECONDS ?? 10);

// On disk, like `npm start` (PGlite in a data folder), unless DATABASE_URL points at PostgreSQL.
const dataDir = mkdtempSync(join(tmpdir(), "sf-bench-"));

function startServer(): Promise<{ proc: ChildProcess; base: string }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ["--import", "tsx", join(root, "cli", "api-only.ts"), dataDir], {
      stdio: ["ignore", "pipe", "inherit"],
      // Loopback is trusted to name the client's address: the login load below comes from many addresses.
      env: { ...process.env, TRUST_PROXY: "loopback" },
    });
    let out = "";
    proc.stdout?.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /listening (http:\/\/[^\s]+)/.exec(out);
      if (m?.[1]) resolve({ proc, base: m[1] });
    });
    proc.on("exit", (code) => reject(new Error(`server exited ${code}`)));
  });
}

async function json(url: string, init?: RequestInit) {
  return (await (await fetch(url, init)).json()) as { code: number; content: Record<string, unknown> };
}

interface Row {
  scenario: string;
  target: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function run(scenario: string, opts: autocannon.Options, target: string): Promise<Row> {
  const result = await autocannon({ connections: 20, pipelining: 1, duration: seconds, ...opts });
  return {
    scenario,
    target,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

const { proc, base } = await startServer();
try {
  const clientId = "1001003";
  const login = await json(`${base}/util/login/google_auth`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ authorization_code: "sbx_bench", client_id: clientId }),
  });
  const token = String(login.content.oauth_token);
  const roles = (await json(`${base}/api/system/allRoleList?client_id=${clientId}&oauth_token=${token}`)).content.roles as {
    role_id: string;
    server_id: string;
  }[];
  const role = roles[0];
  const order = await json(`${base}/api/pay/paypal_pay`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      client_id: clientId,
      oauth_token: token,
      platform: "web",
      country: "US",
      server_id: role?.server_id,
      role_id: role?.role_id,
      product_id: "starfall.gems.60",
      payway_id: 10201,
      channel_id: "paypal",
    }),
  });
  const billingNo = String(order.content.billing_no);

  // Buyers for order creation: every request a new role × goods pair, so each creates a real order.
  const pairs: string[] = [];
  const products = [
    "starfall.gems.300",
    "starfall.gems.680",
    "starfall.gems.1280",
    "starfall.gems.3280",
    "starfall.gems.6480",
    "starfall.bundle.legend",
  ];
  for (let i = 0; pairs.length < 24_000; i++) {
    const l = await json(`${base}/util/login/google_auth`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ authorization_code: `sbx_buyer${i}`, client_id: clientId }),
    });
    const t = String(l.content.oauth_token);
    const rs = (await json(`${base}/api/system/allRoleList?client_id=${clientId}&oauth_token=${t}`)).content.roles as {
      role_id: string;
      server_id: string;
    }[];
    for (const r of rs)
      for (const p of products)
        pairs.push(
          JSON.stringify({
            client_id: clientId,
            oauth_token: t,
            platform: "web",
            country: "US",
            server_id: r.server_id,
            role_id: r.role_id,
            product_id: p,
            payway_id: 10201,
            channel_id: "paypal",
          }),
        );
  }
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
    gameList: `${base}/api/pay/getGameListV2?client_id=${clientId}&platform=web`,
    paymentList: `${base}/api/pay/getCountryList?client_id=${clientId}&product_id=starfall.gems.300&platform=web`,
    polling: `${base}/api/pay/getOrderInfo?billing_no=${billingNo}&simple=1&oauth_token=${token}`,
  };
  // Warm-up: JIT, caches, connection pools.
  for (const url of Object.values(reads)) await autocannon({ url, connections: 10, duration: 2 });

  const rows: Row[] = [];
  rows.push(await run("game list", { url: reads.gameList, overallRate: 2000 }, "2,000 rps"));
  rows.push(await run("payment list", { url: reads.paymentList, overallRate: 2000 }, "2,000 rps"));
  rows.push(await run("order polling", { url: reads.polling, overallRate: 2000 }, "2,000 rps"));
  rows.push(await run("order creation (max)", { ...createOrder, connections: 10 }, "max"));
  rows.push(await run("order creation", { ...createOrder, overallRate: 200, connections: 4 }, "200 rps"));
  rows.push(await run("order creation with Idempotency-Key (max)", { ...createKeyedOrder, connections: 10 }, "max"));

  // No password hash inside a transaction (docs/security.md, S2): /api/health at 100 rps while 20 sign-ins and
  // 20 card payments with an Idempotency-Key each (the storefront's own path) hash their passwords.
  // Each from an address of its own, each card payment a card of its own: no attempt limit turns one away.
  const jade = await json(`${base}/util/login/google_auth`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ authorization_code: "sbx_bench_cards", client_id: "4001003" }),
  });
  const jadeToken = String(jade.content.oauth_token);
  const jadeRole = (
    (await json(`${base}/api/system/allRoleList?client_id=4001003&oauth_token=${jadeToken}`)).content.roles as {
      role_id: string;
      server_id: string;
    }[]
  )[0];
  let hashed = 0;
  const address = () => {
    const i = hashed++;
    return `10.${100 + ((i >> 16) & 127)}.${(i >> 8) & 255}.${i & 255}`;
  };
  const crowd = (url: string, body: () => string, keyed: boolean) =>
    autocannon({
      url,
      method: "POST",
      connections: 20,
      duration: seconds,
      headers: { "content-type": "application/json" },
      requests: [
        {
          setupRequest: (req) => ({
            ...req,
            headers: { ...req.headers, "x-forwarded-for": address(), ...(keyed ? { "idempotency-key": randomUUID() } : {}) },
            body: body(),
          }),
        },
      ],
    });
  const signInCrowd = crowd(
    `${base}/util/login/auth`,
    () => JSON.stringify({ username: encodeCredential(`bench_h${hashed}`), password: encodeCredential("wrong"), client_id: clientId }),
    false,
  );
  const cardCrowd = crowd(
    `${base}/api/pay/card_pay`,
    () =>
      JSON.stringify({
        client_id: "4001003",
        oauth_token: jadeToken,
        platform: "web",
        server_id: jadeRole?.server_id,
        role_id: jadeRole?.role_id,
        card_info: encodeCardInfo(`4300-JADE-B${hashed}`, "wrong-password"),
      }),
    true,
  );
  await new Promise((resolve) => setTimeout(resolve, 1000));
  rows.push(
    await run(
      "/api/health during 20 sign-ins and 20 keyed card payments",
      { url: `${base}/api/health`, overallRate: 100, connections: 4 },
      "100 rps",
    ),
  );
  for (const [name, crowdRun] of [
    ["… the 20 concurrent sign-ins", signInCrowd],
    ["… the 20 concurrent keyed card payments (wrong passwords, scrypt N=2^12)", cardCrowd],
  ] as const) {
    const done = await crowdRun;
    rows.push({
      scenario: name,
      target: "max",
      rps: Math.round(done.requests.average),
      p50: done.latency.p50,
      p99: done.latency.p99,
      errors: done.errors + done.timeouts,
      non2xx: done.non2xx,
    });
  }

  // Password hashing off the event loop (issue 21): the server list, asked at 100 rps while 200
  // sign-ins hash at once (each a new name from a new address, so no attempt limit turns them away).
  let signIn = 0;
  const logins = autocannon({
    url: `${base}/util/login/auth`,
    method: "POST",
    connections: 200,
    duration: seconds,
    headers: { "content-type": "application/json" },
    requests: [
      {
        setupRequest: (req) => {
          const i = signIn++;
          return {
            ...req,
            headers: { ...req.headers, "x-forwarded-for": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
            body: JSON.stringify({ username: encodeCredential(`bench_${i}`), password: encodeCredential("wrong"), client_id: clientId }),
          };
        },
      },
    ],
  });
  // Measured once the crowd is in (its first second opens 200 connections at once).
  await new Promise((resolve) => setTimeout(resolve, 1000));
  rows.push(
    await run(
      "server list during 200 concurrent sign-ins",
      { url: `${base}/api/pay/getServerList?client_id=${clientId}`, overallRate: 100, connections: 4 },
      "100 rps",
    ),
  );
  const signIns = await logins;
  rows.push({
    scenario: "… the 200 concurrent sign-ins (wrong passwords, scrypt N=2^14)",
    target: "max",
    rps: Math.round(signIns.requests.average),
    p50: signIns.latency.p50,
    p99: signIns.latency.p99,
    errors: signIns.errors + signIns.timeouts,
    non2xx: signIns.non2xx,
  });

  // An unknown card and a real card with a wrong password: the same answer, and the same time.
  const cardCheck = async (card: string, address: string) => {
    const t = performance.now();
    await json(`${base}/api/pay/card_info`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": address },
      body: JSON.stringify({ client_id: "4001003", card_info: encodeCardInfo(card, "wrong-password") }),
    });
    return performance.now() - t;
  };
  const real: number[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < 40; i++) {
    // Four wrong guesses per card (the fifth would lock it), each from an address of its own.
    real.push(await cardCheck(cardNumber("jade", 1 + Math.floor(i / 4)), `172.16.0.${i}`));
    unknown.push(await cardCheck(`4300-JADE-9${String(i).padStart(2, "0")}`, `172.17.0.${i}`));
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  const cardTimes = { realMs: Math.round(median(real) * 10) / 10, unknownMs: Math.round(median(unknown) * 10) / 10 };

  const db = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite (on disk)";
  console.log(`\nPlatform API on ${db}, ${seconds} s per scenario, 20 connections (10 for max), after a 2 s warm-up\n`);
  console.log("| scenario | load | requests/s | p50 | p99 | errors | non-2xx |");
  console.log("|---|---:|---:|---:|---:|---:|---:|");
  for (const r of rows) console.log(`| ${r.scenario} | ${r.target} | ${r.rps} | ${r.p50} ms | ${r.p99} ms | ${r.errors} | ${r.non2xx} |`);
  console.log(
    `\nA wrong card password, median of 40 checks: a real card ${cardTimes.realMs} ms, an unknown card ${cardTimes.unknownMs} ms (interleaved).`,
  );
  mkdirSync(join(root, "bench", ".tmp"), { recursive: true });
  writeFileSync(
    join(root, "bench", ".tmp", `api-${process.env.DATABASE_URL ? "postgres" : "pglite"}.json`),
    `${JSON.stringify({ db, seconds, rows, cardTimes }, null, 2)}\n`,
  );
} finally {
  proc.kill("SIGTERM");
  await new Promise((r) => proc.once("exit", r));
  rmSync(dataDir, { recursive: true, force: true });
}

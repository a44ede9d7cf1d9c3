// The security regression suite: one describe per finding of the platform's review as an attacker
// (issue 21), each test named after what it holds. On PGlite in `npm run test:unit`; with
// DATABASE_URL (`npm run test:postgres`) on PostgreSQL, the rules that must hold across processes
// raced through two platform processes. docs/security.md maps each test to its control.
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCalls } from "../../core/browser/generated/api-calls.ts";
import { CODE } from "../../core/browser/generated/api-errors.ts";
import { loadContract } from "../../core/node/contract/contract.ts";
import { buildApp } from "../../server/app.ts";
import { openDb } from "../../server/db.ts";
import { subjects } from "../../server/domain/attempts.ts";
import { signNotification } from "../../server/domain/checkout.ts";
import { missingHash, sha256Hex } from "../../server/domain/crypto.ts";
import { cardNumber, cardPassword, SANDBOX_PASSWORD } from "../../server/domain/seed.ts";
import { SESSION_DAYS, SESSION_IDLE_DAYS } from "../../server/domain/sessions.ts";
import { TESTER_TOKEN_DAYS } from "../../server/domain/testers.ts";
import { checkStartEnv, PlatformConfigError, platformSecret } from "../../server/platform.ts";
import { SIGNATURE_HEADER } from "../../server/sandbox/notify.ts";
import { DEMO_CONFIG, demoConfig } from "../demo-config.ts";
import {
  buy,
  clientOf,
  encodeCardInfo,
  encodeCredential,
  firstRole,
  type Harness,
  type ParamSchema,
  startHarness,
  validValue,
} from "./harness.ts";
import { type Sides, startSides } from "./sides.ts";

const DAY = 86_400_000;
const MINUTE = 60_000;
// Five seconds into a minute: a race of guesses falls inside one lockout window.
const CLOCK = "2026-11-18T10:00:05Z";
let at = Date.parse(CLOCK);
const move = (ms: number) => {
  at += ms;
};
const seconds = () => Math.floor(at / 1000);

let h: Harness;
let two: Sides;
beforeAll(async () => {
  [h, two] = await Promise.all([
    startHarness({ now: () => new Date(at), trustProxy: "loopback" }),
    startSides({ secret: "security-suite-secret-of-32-characters", clock: CLOCK }),
  ]);
}, 180_000);
afterAll(async () => {
  await Promise.all([h?.close(), two?.close()]);
}, 60_000);

const web = (brand: string) => clientOf(h.platform, brand).clientIds.web;
const JADE = "4001003";

/** Each test's own client address, so that one test's guesses never lock another's. */
let nextAddress = 1;
const newAddress = () => `198.51.100.${nextAddress++}`;

describe("1. an unauthenticated flood of made-up Host headers", () => {
  // The memory itself under 50,000 such requests: tests/platform/flood.test.ts.
  it("answers a host that is not the platform's with 421 and the envelope, and builds links only on its own hosts", async () => {
    const params = { client_id: web("aurora"), product_id: "starfall.gems.60", platform: "web" as const };
    const misdirected = await h.call("countryList", params, { host: "aurora.localhost.evil.example" });
    expect(misdirected).toMatchObject({ status: 421, code: CODE.misdirected, content: null });
    const known = await h.call("countryList", params, { host: "aurora.localhost:8080" });
    expect(known.code).toBe(1);
    const icons = Object.values(known.content.country)
      .flat()
      .map((c) => c.icon)
      .filter(Boolean);
    expect(icons.length).toBeGreaterThan(0);
    for (const icon of icons) expect(icon.startsWith("http://aurora.localhost:8080/sandbox/art/")).toBe(true);
  });
});

describe("2. prepaid-card passwords guessed past the lockout", () => {
  const cardInfo = (card: string, password: string, ip: string) =>
    h.call("cardInfo", { client_id: JADE, card_info: encodeCardInfo(card, password, seconds()) }, { ip });
  const cardLogin = (card: string, password: string, ip: string) =>
    h.call("auth", { username: encodeCredential(card), password: encodeCredential(password), client_id: JADE, login_type: "card" }, { ip });

  it("card sign-in shares the card's lockout: five wrong on the card form, then the right password signs nobody in", async () => {
    move(MINUTE - (at % MINUTE) + 5000);
    const card = cardNumber("jade", 7);
    const ip = newAddress();
    const answers = [];
    for (let i = 0; i < subjects.card("").limit; i++) answers.push((await cardInfo(card, `wrong-${i}`, ip)).code);
    expect(answers.at(-1)).toBe(CODE.cardLocked);
    expect((await cardLogin(card, cardPassword(7), newAddress())).code).toBe(CODE.tooManyRequests);
    expect((await cardInfo(card, cardPassword(7), newAddress())).code).toBe(CODE.cardLocked);
    // And the other way round: wrong guesses through sign-in lock the card form too.
    const other = cardNumber("jade", 8);
    for (let i = 0; i < subjects.card("").limit; i++) await cardLogin(other, `wrong-${i}`, ip);
    expect((await cardInfo(other, cardPassword(8), newAddress())).code).toBe(CODE.cardLocked);
    // The minute over, the right password works again.
    move(MINUTE);
    expect((await cardLogin(other, cardPassword(8), newAddress())).code).toBe(1);
  });

  it("an unknown card answers exactly as a real one with a wrong password, on both paths", async () => {
    move(MINUTE - (at % MINUTE) + 5000);
    const sequence = async (card: string, check: (card: string, password: string, ip: string) => Promise<{ code: number }>) => {
      const ip = newAddress();
      const codes: number[] = [];
      for (let i = 0; i < subjects.card("").limit + 1; i++) codes.push((await check(card, `wrong-${i}`, ip)).code);
      return codes;
    };
    expect(await sequence("4300-JADE-999", cardInfo)).toEqual(await sequence(cardNumber("jade", 9), cardInfo));
    expect(await sequence("4300-JADE-998", cardLogin)).toEqual(await sequence(cardNumber("jade", 10), cardLogin));
  });

  it("an unknown card or account costs the same password check as a real one (timing tells nothing)", async () => {
    const [card] = await h.db.query<{ password_hash: string }>("SELECT password_hash FROM prepaid_cards LIMIT 1");
    const [account] = await h.db.query<{ password_hash: string }>("SELECT password_hash FROM accounts WHERE provider = 'password' LIMIT 1");
    const cost = (hash: string) => hash.split("$").slice(0, 2).join("$");
    expect(cost(await missingHash("card"))).toBe(cost(card?.password_hash ?? ""));
    expect(cost(await missingHash("account"))).toBe(cost(account?.password_hash ?? ""));
  });

  it(`100 parallel wrong guesses against one card check at most 5 (${"across processes on PostgreSQL"})`, async () => {
    const card = cardNumber("jade", 11);
    const info = encodeCardInfo(card, "wrong-password", Math.floor(two.now().getTime() / 1000));
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => two.call(i, "cardInfo", { client_id: JADE, card_info: info }, { ip: `203.0.113.${i % 50}` })),
    );
    const codes = answers.map((a) => a.code);
    expect(codes.filter((c) => c === CODE.cardInvalid)).toHaveLength(subjects.card("").limit - 1);
    expect(codes.filter((c) => c === CODE.cardLocked)).toHaveLength(100 - (subjects.card("").limit - 1));
    const [row] = await two.db.query<{ n: number }>("SELECT max(attempts)::int AS n FROM attempt_counters WHERE subject = $1", [
      `card:${card}`,
    ]);
    expect(row?.n).toBe(subjects.card("").limit);
    // The right password is refused too, on either process, until the window ends.
    const right = encodeCardInfo(card, cardPassword(11), Math.floor(two.now().getTime() / 1000));
    expect((await two.call(1, "cardInfo", { client_id: JADE, card_info: right }, { ip: "203.0.113.99" })).code).toBe(CODE.cardLocked);
  });
});

describe("3. password login with no attempt limit", () => {
  const login = (username: string, password: string, ip: string) =>
    h.call("auth", { username: encodeCredential(username), password: encodeCredential(password), client_id: web("aurora") }, { ip });

  it("50 wrong passwords, then the right one is refused until the account's window ends", async () => {
    const codes: number[] = [];
    for (let i = 0; i < 50; i++) codes.push((await login("aurora_vip", `wrong-${i}`, newAddress())).code);
    const limit = subjects.account("", "").limit;
    expect(codes.slice(0, limit - 1)).toEqual(Array(limit - 1).fill(CODE.loginFailed));
    expect(codes.slice(limit - 1)).toEqual(Array(50 - limit + 1).fill(CODE.tooManyRequests));
    expect((await login("aurora_vip", SANDBOX_PASSWORD, newAddress())).code).toBe(CODE.tooManyRequests);
    move(subjects.account("", "").windowMs);
    expect((await login("aurora_vip", SANDBOX_PASSWORD, newAddress())).code).toBe(1);
  });

  it("one address guessing over many accounts is stopped by its own limit", async () => {
    move(MINUTE - (at % MINUTE) + 5000);
    const ip = newAddress();
    const codes: number[] = [];
    for (let i = 0; i < subjects.address("").limit + 2; i++) codes.push((await login(`nobody_${i}`, "wrong", ip)).code);
    expect(codes.at(-1)).toBe(CODE.tooManyRequests);
    expect((await login("aurora_player", SANDBOX_PASSWORD, ip)).code).toBe(CODE.tooManyRequests);
    expect((await login("aurora_player", SANDBOX_PASSWORD, newAddress())).code).toBe(1);
  });

  it(`100 parallel wrong passwords against one account check at most 5 (${"across processes on PostgreSQL"})`, async () => {
    const guess = (i: number) =>
      two.call(
        i,
        "auth",
        { username: encodeCredential("aurora_target"), password: encodeCredential(`wrong-${i}`), client_id: "1001003" },
        { ip: `192.0.2.${i % 50}` },
      );
    const codes = (await Promise.all(Array.from({ length: 100 }, (_, i) => guess(i)))).map((a) => a.code);
    const limit = subjects.account("", "").limit;
    expect(codes.filter((c) => c === CODE.loginFailed)).toHaveLength(limit - 1);
    expect(codes.filter((c) => c === CODE.tooManyRequests)).toHaveLength(100 - limit + 1);
  });

  it("password hashing runs off the event loop: a server list is answered while 40 sign-ins hash", async () => {
    move(MINUTE);
    const done: number[] = [];
    const logins = Array.from({ length: 40 }, (_, i) => login(`hashing_${i}`, "wrong", newAddress()).then(() => done.push(i)));
    const servers = h.call("serverList", { client_id: web("aurora") }).then(() => done.length);
    const signInsBefore = await servers;
    await Promise.all(logins);
    expect(signInsBefore, "sign-ins answered before the server list").toBeLessThan(20);
  });
});

describe("4. real-name gate bypass", () => {
  it("a new third-party account on a brand with the gate starts unverified: 6001 and no session", async () => {
    const login = await h.call("googleAuth", { authorization_code: "sbx_gatecrasher", client_id: web("hanbit") });
    expect(login.code).toBe(CODE.notRealName);
    expect((login.content as unknown as { ticket: string }).ticket).toMatch(/^rn_/);
    expect(JSON.stringify(login.content)).not.toContain("oauth_token");
    // Where the brand has no gate, a new account signs in at once.
    expect((await h.call("googleAuth", { authorization_code: "sbx_gatecrasher", client_id: web("aurora") })).code).toBe(1);
  });

  it("a card account on a brand with the gate starts unverified", async () => {
    const config = await demoConfig();
    const jade = config.brands.find((b) => b.id === "jade");
    if (!jade) throw new Error("the fixture has no jade");
    jade.features.realName = true;
    const gated = await startHarness({ config });
    try {
      const login = await gated.call("auth", {
        username: encodeCredential(cardNumber("jade", 1)),
        password: encodeCredential(cardPassword(1)),
        client_id: JADE,
        login_type: "card",
      });
      expect(login.code).toBe(CODE.notRealName);
      const [account] = await gated.db.query<{ real_name: boolean }>("SELECT real_name FROM accounts WHERE provider = 'card'");
      expect(account?.real_name).toBe(false);
    } finally {
      await gated.close();
    }
  });
});

describe("5. a default secret", () => {
  it("production mode refuses to start without its secret, or with a short one", async () => {
    expect(() => checkStartEnv({ PLATFORM_MODE: "production" })).toThrow(PlatformConfigError);
    expect(() => checkStartEnv({ PLATFORM_MODE: "production", SANDBOX_SECRET: "short" })).toThrow(/at least 32/);
    expect(() => checkStartEnv({ PLATFORM_MODE: "staging" })).toThrow(/'sandbox' or 'production'/);
    expect(checkStartEnv({ PLATFORM_MODE: "production", SANDBOX_SECRET: "x".repeat(32) })).toBe("production");
    // The process itself stops before it opens anything, and says why.
    const proc = spawn(
      process.execPath,
      ["--import", "tsx", join(import.meta.dirname, "..", "..", "cli", "api-only.ts"), "--config", DEMO_CONFIG],
      {
        env: { ...process.env, PLATFORM_MODE: "production", SANDBOX_SECRET: "", DATABASE_URL: "" },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let err = "";
    proc.stderr?.on("data", (d: Buffer) => (err += d.toString()));
    const [code] = await once(proc, "exit");
    expect(code).toBe(2);
    expect(err).toContain("production mode needs SANDBOX_SECRET");
  });

  it("sandbox mode makes a random secret per database and keeps it there", async () => {
    const mine = await platformSecret(h.db, "sandbox", undefined);
    expect(mine.length).toBeGreaterThanOrEqual(32);
    expect(await platformSecret(h.db, "sandbox", undefined)).toBe(mine);
    const dir = mkdtempSync(join(tmpdir(), "sf-secret-"));
    try {
      const first = await openDb({ dataDir: dir });
      const kept = await platformSecret(first, "sandbox", undefined);
      await first.close();
      const again = await openDb({ dataDir: dir });
      expect(await platformSecret(again, "sandbox", undefined)).toBe(kept);
      await again.close();
      expect(kept).not.toBe(mine);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("a notification signed with the value the source once held approves nothing", async () => {
    const session = await h.login("aurora", "player");
    const order = await buy(h, session, { product: "starfall.gems.60", country: "US" });
    const body = JSON.stringify({
      event_id: "forged-1",
      outcome: "approved",
      provider: "10201",
      billing_no: order.content.billing_no,
      amount: order.content.amount,
      currency: order.content.currency,
    });
    const res = await h.app.inject({
      method: "POST",
      url: "/sandbox/notify",
      headers: { "content-type": "application/json", [SIGNATURE_HEADER]: signNotification("sandbox-development-secret", body) },
      payload: body,
    });
    expect(res.statusCode).toBe(401);
    const status = await h.call("orderInfo", { billing_no: order.content.billing_no, simple: 1, oauth_token: session.token });
    expect(status.content.status).toBe(-1);
  });

  it("a tester's token is its own: bound to the account and device, expiring, revoked alone", async () => {
    const signIn = (brand: string, idfv: string) =>
      h.call("auth", {
        username: encodeCredential(`${brand}_tester`),
        password: encodeCredential(SANDBOX_PASSWORD),
        client_id: web(brand),
        idfv,
      });
    const confirm = (brand: string, token: string, idfv: string) =>
      h.call("betaConfirm", { beta_token: token, client_id: web(brand), idfv });
    const aurora = (await signIn("aurora", "phone-1")).content.beta_token ?? "";
    const second = (await signIn("aurora", "phone-2")).content.beta_token ?? "";
    expect((await confirm("aurora", aurora, "phone-1")).code).toBe(1);
    // Another device, another brand: refused.
    expect((await confirm("aurora", aurora, "phone-2")).code).toBe(CODE.betaInvalid);
    const brands = h.platform.catalog.config.brands.filter((b) => b.id !== "aurora" && b.features.testAccounts);
    for (const b of brands) expect((await confirm(b.id, aurora, "phone-1")).code).toBe(CODE.betaInvalid);
    // Revoking one token (no secret changes) leaves the tester's other device working.
    await h.db.query("UPDATE tester_tokens SET revoked_at = $2 WHERE token_hash = $1", [sha256Hex(aurora), new Date(at)]);
    expect((await confirm("aurora", aurora, "phone-1")).code).toBe(CODE.betaInvalid);
    expect((await confirm("aurora", second, "phone-2")).code).toBe(1);
    move(TESTER_TOKEN_DAYS * DAY + MINUTE);
    expect((await confirm("aurora", second, "phone-2")).code).toBe(CODE.betaInvalid);
  });
});

describe("6. reads without ownership", () => {
  it("limits, points exchange, gifts, evoke and orders answer only for the session's own roles and orders", async () => {
    const owner = await h.login("aurora", "player");
    const ownerRole = await firstRole(h, owner);
    const order = await buy(h, owner, { product: "starfall.pass.monthly", country: "US" });
    expect(order.code).toBe(1);
    const other = await h.login("aurora", "vip");
    const asOther = { client_id: owner.clientId, oauth_token: other.token };
    const limits = await h.call("limitProductInfo", { ...asOther, role_id: ownerRole.role_id, server_id: ownerRole.server_id });
    expect(limits.code).toBe(CODE.roleNotFound);
    expect(JSON.stringify(limits)).not.toContain(order.content.billing_no);
    expect((await h.call("exchangePoints", { ...asOther, points: 10, ...ownerRole })).code).toBe(CODE.roleNotFound);
    expect((await h.call("exchangePoints", { ...asOther, points: 10, role_id: "no-such-role", server_id: ownerRole.server_id })).code).toBe(
      CODE.roleNotFound,
    );
    expect((await h.call("thirdGift", { ...asOther, billing_no: order.content.billing_no })).code).toBe(CODE.notFound);
    expect((await h.call("evoke", { ...asOther, billing_no: order.content.billing_no })).code).toBe(CODE.forbidden);
    expect((await h.call("orderInfo", { billing_no: order.content.billing_no, oauth_token: other.token })).code).toBe(CODE.forbidden);
  });

  it("a make-up link is made only for the sandbox's make-up target, never for a player who signed in", async () => {
    await h.call("googleAuth", { authorization_code: "sbx_private", client_id: web("aurora") });
    const make = (username: string) =>
      h.app.inject({ method: "POST", url: "/sandbox/replenish", payload: { brand: "aurora", username } }).then((r) => r.json());
    const refused = await make("google:private");
    expect(refused).toEqual({ code: CODE.notFound, message: "unknown brand or account", content: null });
    // Nor for another sandbox player: only the brand's make-up target (or, signed in, the caller's own: seams.test.ts).
    expect((await make("aurora_player")).code).toBe(CODE.notFound);
    expect((await make("aurora_target")).code).toBe(1);
  });

  it("the sandbox's helpers do not answer in production mode", async () => {
    const production = await startHarness({ mode: "production" });
    try {
      for (const [method, url] of [
        ["GET", "/sandbox/tracking"],
        ["POST", "/sandbox/account"],
        ["POST", "/sandbox/replenish"],
      ] as const) {
        const res = await production.app.inject({ method, url, ...(method === "POST" ? { payload: { brand: "aurora" } } : {}) });
        expect(res.statusCode, url).toBe(404);
        expect(res.json().code).toBe(CODE.notFound);
      }
      // Nor are there accounts or cards with the published sandbox passwords.
      const [n] = await production.db.query<{ n: number }>("SELECT count(*)::int AS n FROM accounts");
      expect(n?.n).toBe(0);
    } finally {
      await production.close();
    }
  });
});

describe("7. input that still breaks", () => {
  const LONE = ["\ud800", "\udbff", "\udc00", "\udfff", "a\ud800", "\ud800a", "\udc00\ud800", "\ud800\ud800", "ok\udfffok"];

  it("a lone UTF-16 surrogate in any field of any call, or in a key, answers 400 with the envelope", async () => {
    const client = web("aurora");
    const failures: string[] = [];
    for (const call of loadContract().calls.filter((c) => c.method === "POST")) {
      const props = (call.request as { properties?: Record<string, ParamSchema> }).properties ?? {};
      const valid: Record<string, unknown> = {};
      for (const [name, schema] of Object.entries(props)) valid[name] = validValue(name, schema, client);
      const bodies = [
        ...Object.keys({ ...props, extra: 1 }).flatMap((field) => LONE.map((text) => ({ ...valid, [field]: text }))),
        ...LONE.map((text) => ({ ...valid, [`key${text}`]: "x" })),
        ...LONE.map((text) => ({ ...valid, nested: { deep: [text] } })),
      ];
      for (const body of bodies) {
        const res = await h.app.inject({
          method: "POST",
          url: call.paths[0] ?? "/",
          headers: { "content-type": "application/json" },
          payload: JSON.stringify(body),
        });
        const answer = res.json() as { code?: number };
        if (res.statusCode !== 400 || answer.code !== CODE.badRequest)
          failures.push(`${call.name} ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
    // A URL cannot carry one: undecodable escapes stay as the characters sent, and nothing breaks.
    for (const bytes of ["%ED%A0%80", "%ED%B0%80", "%F0%9F", "%C0%AF"]) {
      const res = await h.app.inject({ method: "GET", url: `/api/pay/getServerList?client_id=${bytes}` });
      expect(res.statusCode, bytes).toBeLessThan(500);
      expect([CODE.badRequest, CODE.notAGame]).toContain(res.json().code);
    }
  });

  it("a known path asked with another method answers 405 with Allow and the envelope", async () => {
    const failures: string[] = [];
    for (const [name, spec] of Object.entries(apiCalls)) {
      for (const path of spec.paths) {
        for (const method of ["GET", "POST", "PUT", "DELETE", "PATCH"] as const) {
          if (method === spec.method) continue;
          const res = await h.app.inject({ method, url: path, ...(method === "GET" ? {} : { payload: {} }) });
          const allow = String(res.headers.allow ?? "");
          const answer = res.json() as { code?: number; message?: string };
          if (res.statusCode !== 405 || !allow.split(", ").includes(spec.method) || answer.code !== CODE.methodNotAllowed)
            failures.push(`${method} ${path} (${name}): ${res.statusCode} allow=${allow} ${res.body.slice(0, 100)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("every /api and /util answer to a corpus of hostile shapes is the envelope", async () => {
    const paths = [...new Set(Object.values(apiCalls).flatMap((c) => c.paths)), "/api/nope", "/util/x/y", "/api/pay/../../etc/passwd"];
    const shapes: { method: "GET" | "POST" | "PUT" | "DELETE" | "PATCH" | "OPTIONS"; body?: string; type?: string }[] = [
      { method: "GET" },
      { method: "POST", body: "{", type: "application/json" },
      { method: "POST", body: "null", type: "application/json" },
      { method: "POST", body: '"text"', type: "application/json" },
      { method: "POST", body: "[1]", type: "application/json" },
      { method: "POST", body: "x".repeat(70_000), type: "application/json" },
      { method: "POST", body: "a=1", type: "text/plain" },
      { method: "POST", body: "--b\r\n\r\n--b--", type: "multipart/form-data; boundary=b" },
      { method: "PUT", body: "{}", type: "application/json" },
      { method: "DELETE" },
      { method: "OPTIONS" },
    ];
    const failures: string[] = [];
    let count = 0;
    for (const path of paths) {
      for (const shape of shapes) {
        count++;
        const res = await h.app.inject({
          method: shape.method,
          url: `${path}?client_id=${web("aurora")}`,
          ...(shape.body !== undefined ? { payload: shape.body, headers: { "content-type": shape.type ?? "" } } : {}),
        });
        const label = `${shape.method} ${path} ${shape.type ?? ""}: ${res.statusCode} ${res.body.slice(0, 100)}`;
        if (res.statusCode >= 500) failures.push(label);
        else if (!String(res.headers["content-type"]).startsWith("application/json")) failures.push(`not JSON: ${label}`);
        else {
          const answer = res.json() as { code?: unknown; message?: unknown };
          if (typeof answer.code !== "number" || typeof answer.message !== "string" || !("content" in answer))
            failures.push(`not an envelope: ${label}`);
        }
      }
    }
    expect(count).toBeGreaterThanOrEqual(486);
    expect(failures).toEqual([]);
  });
});

describe("8. an open redirect", () => {
  it("a return URL, a Twitter callback or a sign-in origin elsewhere is refused when the order or sign-in starts", async () => {
    const session = await h.login("aurora", "player");
    const role = await firstRole(h, session);
    const order = (return_url: string) =>
      h.call(
        "payStart",
        {
          client_id: session.clientId,
          oauth_token: session.token,
          platform: "web",
          country: "US",
          ...role,
          product_id: "starfall.gems.300",
          payway_id: 10201,
          channel_id: "paypal",
          return_url,
        },
        { path: "/api/pay/paypal_pay" },
      );
    for (const elsewhere of [
      "https://evil.example/result",
      "https://aurora.localhost.evil.example/",
      "javascript:alert(1)",
      "//evil.example/",
    ])
      expect((await order(elsewhere)).code, elsewhere).toBe(CODE.badRequest);
    expect((await order("http://aurora.localhost:5173/result")).code).toBe(1);
    const twitter = (callback: string) => h.call("twitterAuth", { client_id: web("aurora"), callback });
    const offersTwitter = h.platform.catalog.config.brands.find((b) => b.id === "aurora")?.login.twitter !== undefined;
    if (offersTwitter) {
      expect((await twitter("https://evil.example/cb")).code).toBe(CODE.badRequest);
      expect((await twitter("http://aurora.localhost:5173/twitter")).code).toBe(1);
    }
    const popup = await h.app.inject({
      method: "GET",
      url: "/sandbox/provider/google",
      query: { client_id: web("aurora"), origin: "https://evil.example", state: "s" },
    });
    expect(popup.statusCode).toBe(400);
  });
});

describe("9. tokens and framing", () => {
  it("every HTML page the platform serves says who may frame it", async () => {
    const session = await h.login("aurora", "player");
    const order = await buy(h, session, { product: "starfall.gems.680", country: "US" });
    const checkout = new URL(order.content.url ?? "");
    const pages = [
      `${checkout.pathname}${checkout.search}`,
      `${checkout.pathname}?sig=${"0".repeat(64)}`,
      `/sandbox/provider/google?client_id=${web("aurora")}&origin=http://aurora.localhost:5173&state=s`,
      "/sandbox/provider/twitter?callback=http://aurora.localhost:5173/twitter",
      "/sandbox/realname?ticket=rn_x&return=http://hanbit.localhost:5173/",
    ];
    for (const url of pages) {
      const res = await h.app.inject({ method: "GET", url });
      expect(String(res.headers["content-type"]), url).toContain("text/html");
      const ancestors = /frame-ancestors ([^;]+)/.exec(String(res.headers["content-security-policy"]))?.[1]?.split(" ") ?? [];
      expect(ancestors.length, url).toBeGreaterThan(0);
      // 'none', or named storefront hosts: never a scheme or a wildcard host that any site matches.
      for (const source of ancestors) expect(source, url).toMatch(/^('none'|[a-z0-9-]+(\.[a-z0-9-]+)+:\*)$/);
    }
  });

  it("API answers are never sniffed, and those with a token or personal data are never stored", async () => {
    const login = await h.app.inject({
      method: "POST",
      url: "/util/login/auth",
      payload: { username: encodeCredential("aurora_player"), password: encodeCredential(SANDBOX_PASSWORD), client_id: web("aurora") },
    });
    expect(login.headers["x-content-type-options"]).toBe("nosniff");
    expect(login.headers["cache-control"]).toBe("no-store");
    const token = login.json().content.oauth_token;
    for (const url of [`/util/login/get_user_info?client_id=${web("aurora")}&oauth_token=${token}`, "/api/unknown"]) {
      const res = await h.app.inject({ method: "GET", url });
      expect(res.headers["x-content-type-options"], url).toBe("nosniff");
      expect(res.headers["cache-control"], url).toBe("no-store");
    }
    const catalogue = await h.app.inject({ method: "GET", url: `/api/pay/getServerList?client_id=${web("aurora")}` });
    expect(catalogue.headers["x-content-type-options"]).toBe("nosniff");
    expect(catalogue.headers["cache-control"]).toBe("no-cache");
  });

  it("tokens, tickets and signatures never reach the request log", async () => {
    const log = new PassThrough();
    let written = "";
    log.on("data", (d: Buffer) => (written += d.toString()));
    const app = await buildApp({ db: h.db, platform: h.platform, logStream: log });
    try {
      const login = await app.inject({
        method: "POST",
        url: "/util/login/auth",
        payload: { username: encodeCredential("aurora_player"), password: encodeCredential(SANDBOX_PASSWORD), client_id: web("aurora") },
      });
      const token = login.json().content.oauth_token as string;
      await app.inject({ method: "GET", url: `/util/login/get_user_info?client_id=${web("aurora")}&oauth_token=${token}` });
      await app.inject({ method: "GET", url: "/sandbox/checkout/SB1?sig=secret-signature-value" });
      expect(written).toContain("get_user_info");
      expect(written).toMatch(/oauth_token=(%5B|\[)redacted/);
      expect(written).not.toContain(token);
      expect(written).not.toContain("secret-signature-value");
    } finally {
      await app.close();
    }
  });

  it("a session slides while used, ends when idle or at its absolute end, and logout ends it on the platform", async () => {
    const session = await h.login("aurora", "player");
    const info = (token = session.token) => h.call("userInfo", { client_id: session.clientId, oauth_token: token });
    move(SESSION_IDLE_DAYS * DAY - MINUTE);
    expect((await info()).code).toBe(1);
    move(SESSION_IDLE_DAYS * DAY - MINUTE);
    expect((await info()).code).toBe(1);
    move(SESSION_DAYS * DAY);
    expect((await info()).code).toBe(CODE.notLoggedIn);
    const again = await h.login("aurora", "player");
    expect((await h.call("logout", { client_id: again.clientId, oauth_token: again.token })).code).toBe(1);
    expect((await info(again.token)).code).toBe(CODE.notLoggedIn);
  });
});

import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CODE } from "../core/browser/generated/api-errors.ts";
import { buildApp } from "../server/app.ts";
import type { Db } from "../server/db.ts";
import { subjects } from "../server/domain/attempts.ts";
import { encodeCardInfo, encodeCredential } from "../server/domain/crypto.ts";
import { cardNumber, SANDBOX_PASSWORD } from "../server/domain/seed.ts";
import { createPlatform } from "../server/platform.ts";
import { TrustProxyError, trustProxyFromEnv } from "../server/trust-proxy.ts";
import { demoConfig } from "./demo-config.ts";
import { testDb } from "./pglite-snapshot.ts";

describe("TRUST_PROXY", () => {
  it("trusts nobody unless told, and takes a hop count or the proxies' addresses", () => {
    expect([undefined, "", " ", "false", "0"].map(trustProxyFromEnv)).toEqual([false, false, false, false, false]);
    expect(trustProxyFromEnv("1")).toBe(1);
    expect(trustProxyFromEnv("2")).toBe(2);
    expect(trustProxyFromEnv("loopback")).toBe("loopback");
    expect(trustProxyFromEnv(" 10.0.0.0/8 , 192.168.1.7, ::1, fd00::/8,uniquelocal ")).toBe(
      "10.0.0.0/8,192.168.1.7,::1,fd00::/8,uniquelocal",
    );
  });

  it("refuses 'true' (any client could pick its address) and anything that is not an address, with the reason", () => {
    expect(() => trustProxyFromEnv("true")).toThrow(TrustProxyError);
    expect(() => trustProxyFromEnv("true")).toThrow(/TRUST_PROXY=loopback/);
    for (const bad of ["yes", "nginx.internal", "10.0.0.0/33", "::1/129", "10.0.0.1/8/8", "1.2.3", "loopback,", "-1"]) {
      expect(() => trustProxyFromEnv(bad), bad).toThrow(TrustProxyError);
    }
    expect(() => trustProxyFromEnv("10.0.0.1, nginx")).toThrow("TRUST_PROXY: 'nginx' is not an address");
  });
});

describe("the platform behind a proxy", () => {
  let at = Date.parse("2026-11-18T10:00:05Z");
  let db: Db;
  let behindProxy: FastifyInstance;
  let direct: FastifyInstance;

  beforeAll(async () => {
    const config = await demoConfig();
    db = await testDb();
    // A fixed clock: every guess lands in one lockout window, whatever minute the test runs in.
    const platform = await createPlatform({ db, config, secret: "test-secret", now: () => new Date(at) });
    behindProxy = await buildApp({ db, platform, trustProxy: trustProxyFromEnv("loopback") });
    direct = await buildApp({ db, platform });
  }, 60_000);

  afterAll(async () => {
    await behindProxy?.close();
    await direct?.close();
    await db?.close();
  });

  /** A request as nginx forwards it: from 127.0.0.1, with the X-Forwarded-For it built. */
  const viaProxy = (app: FastifyInstance, forwardedFor: string, card: number, password: string) =>
    app
      .inject({
        method: "POST",
        url: "/api/pay/card_info",
        remoteAddress: "127.0.0.1",
        headers: { "x-forwarded-for": forwardedFor },
        payload: { client_id: "4001003", card_info: encodeCardInfo(cardNumber("jade", card), password, Math.floor(at / 1000)) },
      })
      .then((r) => r.json().code as number);

  const perCard = subjects.card("").limit;
  const perAddress = subjects.address("").limit;

  /**
   * Wrong guesses from one address until it has used up its attempts, spread over `cards` so that
   * no card locks on its own first; the answers in order.
   */
  async function exhaustAddress(app: FastifyInstance, forwardedFor: () => string, cards: number[]): Promise<number[]> {
    const answers: number[] = [];
    for (const card of cards)
      for (let i = 0; i < perCard - 1 && answers.length < perAddress; i++)
        answers.push(await viaProxy(app, forwardedFor(), card, `wrong-${i}`));
    expect(answers).toHaveLength(perAddress);
    return answers;
  }

  it("locks out the player who guessed, not everyone behind the proxy, and ignores an address the player wrote", async () => {
    const guesses: number[] = [];
    for (let i = 0; i < perCard; i++) guesses.push(await viaProxy(behindProxy, "203.0.113.7", 3, `wrong-${i}`));
    expect(guesses).toEqual([...Array(perCard - 1).fill(CODE.cardInvalid), CODE.cardLocked]);
    // The same player goes on over other cards until the address has used up its attempts.
    const more = await exhaustAddress(behindProxy, () => "203.0.113.7", [4, 5, 6, 7, 8]);
    expect(more.slice(0, perAddress - perCard - 1)).toEqual(Array(perAddress - perCard - 1).fill(CODE.cardInvalid));
    expect(more[perAddress - perCard - 1]).toBe(CODE.cardLocked);
    // A fresh card does not help: the address is locked.
    expect(await viaProxy(behindProxy, "203.0.113.7", 9, "wrong")).toBe(CODE.cardLocked);
    // Putting another address first in X-Forwarded-For does not help: nginx appends the real one.
    expect(await viaProxy(behindProxy, "198.51.100.20, 203.0.113.7", 10, "wrong")).toBe(CODE.cardLocked);
    // Another player behind the same proxy is not locked.
    expect(await viaProxy(behindProxy, "198.51.100.9", 10, "wrong")).toBe(CODE.cardInvalid);
  });

  it("without TRUST_PROXY every player behind the proxy is one address, and X-Forwarded-For is not believed", async () => {
    // A new minute: the cards' own lockouts are over.
    at += 60_000;
    let n = 0;
    const answers = await exhaustAddress(direct, () => `203.0.113.${50 + n++}`, [3, 4, 5, 6, 7, 8]);
    expect(answers.at(-1)).toBe(CODE.cardLocked);
    // 127.0.0.1 used up its attempts: a different "player" on a different card is locked too.
    expect(await viaProxy(direct, "198.51.100.31", 11, "wrong")).toBe(CODE.cardLocked);
  });

  it("builds checkout links with the public scheme and host nginx forwards, only when trusted", async () => {
    // A new minute: the address locked out above may sign in again.
    at += 60_000;
    const payUrl = async (app: FastifyInstance) => {
      const headers = { host: "127.0.0.1:8080", "x-forwarded-proto": "https", "x-forwarded-host": "api.aurora.example" };
      const login = await app.inject({
        method: "POST",
        url: "/util/login/auth",
        remoteAddress: "127.0.0.1",
        headers,
        payload: { username: encodeCredential("aurora_player"), password: encodeCredential(SANDBOX_PASSWORD), client_id: "1001003" },
      });
      const token = login.json().content.oauth_token as string;
      const roles = await app.inject({
        method: "GET",
        url: `/api/system/allRoleList?client_id=1001003&oauth_token=${token}`,
        remoteAddress: "127.0.0.1",
        headers,
      });
      const role = roles.json().content.roles[0];
      const pay = await app.inject({
        method: "POST",
        url: "/api/pay/paypal_pay",
        remoteAddress: "127.0.0.1",
        headers,
        payload: {
          client_id: "1001003",
          oauth_token: token,
          platform: "web",
          country: "US",
          server_id: role.server_id,
          role_id: role.role_id,
          product_id: app === behindProxy ? "starfall.gems.60" : "starfall.gems.300",
          payway_id: 10201,
          channel_id: "paypal",
        },
      });
      return pay.json().content.url as string;
    };
    expect(await payUrl(behindProxy)).toMatch(/^https:\/\/api\.aurora\.example\/sandbox\/checkout\//);
    expect(await payUrl(direct)).toMatch(/^http:\/\/127\.0\.0\.1:8080\/sandbox\/checkout\//);
  });
});

// Password hashing under load for bench/api.ts. No password hash inside a transaction (docs/security.md,
// S2): /api/health at 100 rps while 20 sign-ins and 20 keyed card payments hash their passwords. And
// hashing off the event loop (issue 21): the server list at 100 rps while 200 sign-ins hash at once.
// Each request from an address of its own, each card payment a card of its own: no attempt limit
// turns one away. Also: a wrong card password costs the same for a real and an unknown card.
import { randomUUID } from "node:crypto";
import autocannon from "autocannon";
import { encodeCardInfo, encodeCredential } from "../server/domain/crypto.ts";
import { cardNumber } from "../server/domain/seed.ts";
import { json, postJson, type Row, rowOf, run, seconds, settle, signedIn } from "./api-platform.ts";

const CLIENT_ID = "1001003";
/** jade: the brand with prepaid cards. */
const CARD_CLIENT_ID = "4001003";

function crowd(url: string, connections: number, request: (req: autocannon.Request) => autocannon.Request) {
  return autocannon({
    url,
    method: "POST",
    connections,
    duration: seconds,
    headers: { "content-type": "application/json" },
    requests: [{ setupRequest: request }],
  });
}

export async function healthDuringHashing(base: string): Promise<Row[]> {
  const { token, roles } = await signedIn(base, CARD_CLIENT_ID, "sbx_bench_cards");
  const role = roles[0];
  let hashed = 0;
  const address = () => {
    const i = hashed++;
    return `10.${100 + ((i >> 16) & 127)}.${(i >> 8) & 255}.${i & 255}`;
  };
  const from = (req: autocannon.Request, keyed: boolean, body: string) => ({
    ...req,
    headers: { ...req.headers, "x-forwarded-for": address(), ...(keyed ? { "idempotency-key": randomUUID() } : {}) },
    body,
  });
  const signIns = crowd(`${base}/util/login/auth`, 20, (req) =>
    from(
      req,
      false,
      JSON.stringify({ username: encodeCredential(`bench_h${hashed}`), password: encodeCredential("wrong"), client_id: CLIENT_ID }),
    ),
  );
  const cards = crowd(`${base}/api/pay/card_pay`, 20, (req) =>
    from(
      req,
      true,
      JSON.stringify({
        client_id: CARD_CLIENT_ID,
        oauth_token: token,
        platform: "web",
        server_id: role?.server_id,
        role_id: role?.role_id,
        card_info: encodeCardInfo(`4300-JADE-B${hashed}`, "wrong-password"),
      }),
    ),
  );
  await settle();
  const health = await run(
    "/api/health during 20 sign-ins and 20 keyed card payments",
    { url: `${base}/api/health`, overallRate: 100, connections: 4 },
    "100 rps",
  );
  return [
    health,
    rowOf("… the 20 concurrent sign-ins", "max", await signIns),
    rowOf("… the 20 concurrent keyed card payments (wrong passwords, scrypt N=2^12)", "max", await cards),
  ];
}

export async function serverListDuringSignIns(base: string): Promise<Row[]> {
  let signIn = 0;
  const logins = crowd(`${base}/util/login/auth`, 200, (req) => {
    const i = signIn++;
    return {
      ...req,
      headers: { ...req.headers, "x-forwarded-for": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
      body: JSON.stringify({ username: encodeCredential(`bench_${i}`), password: encodeCredential("wrong"), client_id: CLIENT_ID }),
    };
  });
  // Measured once the crowd is in (its first second opens 200 connections at once).
  await settle();
  const serverList = await run(
    "server list during 200 concurrent sign-ins",
    { url: `${base}/api/pay/getServerList?client_id=${CLIENT_ID}`, overallRate: 100, connections: 4 },
    "100 rps",
  );
  return [serverList, rowOf("… the 200 concurrent sign-ins (wrong passwords, scrypt N=2^14)", "max", await logins)];
}

/** An unknown card and a real card with a wrong password: the same answer, and the same time (medians of 40, interleaved). */
export async function cardTimes(base: string): Promise<{ realMs: number; unknownMs: number }> {
  const cardCheck = async (card: string, address: string) => {
    const t = performance.now();
    await json(`${base}/api/pay/card_info`, {
      ...postJson({ client_id: CARD_CLIENT_ID, card_info: encodeCardInfo(card, "wrong-password") }),
      headers: { "content-type": "application/json", "x-forwarded-for": address },
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
  return { realMs: Math.round(median(real) * 10) / 10, unknownMs: Math.round(median(unknown) * 10) / 10 };
}

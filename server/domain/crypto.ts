// Secrets and hashes of the platform: password hashing, tokens, signatures, the login encoding.
import { createHash, createHmac, randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";
import { availableParallelism } from "node:os";
import pLimit from "p-limit";

const SCRYPT = { N: 1 << 14, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;
/** Prepaid-card passwords are short and rate-limited: a cheaper hash keeps card checks quick. */
const CARD_N = 1 << 12;

export type PasswordKind = "account" | "card";

/**
 * scrypt on libuv's thread pool, so hashing never holds the event loop; one less at a time than the
 * machine has cores (two at most), so a crowd of sign-ins leaves a core to the event loop and never
 * fills the pool that compression and file reads also wait on, nor holds 16 MB of scrypt memory
 * each. The pool and the cores are the process's, so this limit is too: it keeps nothing a client sends.
 */
const hashing = pLimit(Math.max(1, Math.min(2, availableParallelism() - 1)));
const scryptAsync = (password: string, salt: Buffer | string, length: number, options: ScryptOptions) =>
  hashing(
    () =>
      new Promise<Buffer>((resolve, reject) => scrypt(password, salt, length, options, (err, key) => (err ? reject(err) : resolve(key)))),
  );

export async function hashPassword(password: string, kind: PasswordKind = "account"): Promise<string> {
  const salt = randomBytes(16);
  const N = kind === "account" ? SCRYPT.N : CARD_N;
  const hash = await scryptAsync(password, salt, 32, { ...SCRYPT, N });
  return `scrypt$${N}$${salt.toString("base64")}$${hash.toString("base64")}`;
}

/** A hash of nothing per kind: a missing account or card is checked against it, at the same cost. */
const decoys = new Map<PasswordKind, Promise<string>>();
export const missingHash = (kind: PasswordKind) => {
  let hash = decoys.get(kind);
  if (!hash) {
    hash = hashPassword(randomBytes(16).toString("hex"), kind);
    decoys.set(kind, hash);
  }
  return hash;
};

/**
 * Whether `password` matches `stored`. A missing hash (no such account or card) costs the same
 * work as a wrong password of that kind, so timing does not tell which names exist.
 */
export async function verifyPassword(
  password: string,
  stored: string | null | undefined,
  kind: PasswordKind = "account",
): Promise<boolean> {
  const real = Boolean(stored);
  const [algorithm, n, salt, hash] = (stored || (await missingHash(kind))).split("$");
  if (algorithm !== "scrypt" || !n || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const actual = await scryptAsync(password, Buffer.from(salt, "base64"), expected.length, { ...SCRYPT, N: Number(n) });
  return timingSafeEqual(expected, actual) && real;
}

export const newToken = (bytes = 32) => randomBytes(bytes).toString("base64url");

export const hmac = (secret: string, text: string) => createHmac("sha256", secret).update(text).digest("hex");

export function safeEqual(given: string, expected: string): boolean {
  const givenBytes = Buffer.from(given);
  const expectedBytes = Buffer.from(expected);
  return givenBytes.length === expectedBytes.length && timingSafeEqual(givenBytes, expectedBytes);
}

export const sha256Hex = (text: string) => createHash("sha256").update(text).digest("hex");

/**
 * The login encoding (docs/decisions.md, "Login encoding"): each trimmed value v travels as p + base64(p + v + p), p being
 * 3 random hex characters. It keeps values out of casual logs; TLS is what protects them.
 */
export function encodeCredential(value: string, prefix = randomBytes(2).toString("hex").slice(0, 3)): string {
  return prefix + Buffer.from(prefix + value + prefix, "utf8").toString("base64");
}

export function decodeCredential(encoded: string): string | undefined {
  const prefix = encoded.slice(0, 3);
  if (!/^[0-9a-f]{3}$/.test(prefix)) return undefined;
  const body = encoded.slice(3);
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(body)) return undefined;
  const inner = Buffer.from(body, "base64").toString("utf8");
  if (inner.length < 7 || !inner.startsWith(prefix) || !inner.endsWith(prefix)) return undefined;
  const value = inner.slice(3, -3).trim();
  return value.length > 0 && value.length <= 128 ? value : undefined;
}

/** The prepaid-card encoding: base64url('number:password:seconds') + '.' + sha256 hex of that text. */
export function encodeCardInfo(cardNo: string, password: string, seconds = Math.floor(Date.now() / 1000)): string {
  const text = `${cardNo}:${password}:${seconds}`;
  return `${Buffer.from(text, "utf8").toString("base64url")}.${sha256Hex(text)}`;
}

export function decodeCardInfo(cardInfo: string, nowSeconds: number): { cardNo: string; password: string } | undefined {
  const [body, hash] = cardInfo.split(".");
  if (!body || !hash) return undefined;
  const text = Buffer.from(body, "base64url").toString("utf8");
  if (!safeEqual(sha256Hex(text), hash)) return undefined;
  const match = /^([A-Za-z0-9-]{4,80}):(.{1,80}):(\d{10})$/.exec(text);
  if (!match) return undefined;
  // A card_info older than 10 minutes (or from the future) is a replay.
  if (Math.abs(nowSeconds - Number(match[3])) > 600) return undefined;
  return { cardNo: (match[1] ?? "").trim(), password: (match[2] ?? "").trim() };
}

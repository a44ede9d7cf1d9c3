// Attempt limits that hold across platform processes: a counter per subject (a card number, an
// account, a client address) and window, each reserved by an atomic upsert before the secret is
// checked, so concurrent guesses cannot all pass a check that has not counted them yet. A check
// that succeeds, or is refused before it is made, gives its reservation back: the counters hold
// failures and checks under way.
import { isIPv6 } from "node:net";
import { type Db, insideTransaction, type Queryable } from "../db.ts";

/** One thing attempts are counted against, with its own limit per window. */
export interface AttemptSubject {
  key: string;
  limit: number;
  windowMs: number;
}

export interface Reservation {
  /** False when a subject has used up its attempts: the secret must not be checked. */
  allowed: boolean;
  /** Whether this attempt, if it fails, uses up a subject's last attempt (answer "locked" then). */
  last: boolean;
  /** Gives the attempt back (it succeeded: only failures count). */
  release(): Promise<void>;
}

const windowOf = (now: Date, windowMs: number) => new Date(Math.floor(now.getTime() / windowMs) * windowMs);

/**
 * Counts an attempt for every subject before the attempt is checked. Each counter is one atomic
 * upsert of its own row, taken in the subjects' key order: a statement never holds one counter's
 * lock while it waits for another's, so concurrent guesses on other processes cannot deadlock.
 */
export async function reserveAttempt(db: Queryable, scope: string, subjects: readonly AttemptSubject[], now: Date): Promise<Reservation> {
  const ordered = [...subjects].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const counted = new Map<string, number>();
  for (const subject of ordered) {
    const [row] = await db.query<{ attempts: number }>(
      `INSERT INTO attempt_counters (scope, subject, window_start, attempts) VALUES ($1, $2, $3, 1)
       ON CONFLICT (scope, subject, window_start) DO UPDATE SET attempts = attempt_counters.attempts + 1
       RETURNING attempts`,
      [scope, subject.key, windowOf(now, subject.windowMs)],
    );
    counted.set(subject.key, row?.attempts ?? 0);
  }
  const release = async () => {
    for (const subject of ordered) {
      await db.query(
        `UPDATE attempt_counters SET attempts = attempts - 1
          WHERE scope = $1 AND subject = $2 AND window_start = $3 AND attempts > 0`,
        [scope, subject.key, windowOf(now, subject.windowMs)],
      );
    }
  };
  const allowed = subjects.every((s) => (counted.get(s.key) ?? 0) <= s.limit);
  if (!allowed) await release();
  return { allowed, last: subjects.some((s) => (counted.get(s.key) ?? 0) >= s.limit), release };
}

/** What a secret check came to: right (its attempt given back), wrong, or refused as locked. */
export type SecretVerdict = "right" | "wrong" | "locked";

/**
 * Checks a secret (an account's or a card's password) under the attempt limits every path shares.
 * The attempt is reserved for each subject before the password is hashed, atomically across
 * processes; a right password gives it back; a wrong one that uses a subject's last attempt, or any
 * guess once none is left, is "locked" (and the password is then not even checked).
 *
 * It runs on the platform's own database handle, never inside a transaction: each count commits in
 * its own statement, so no refusal can roll it back, and no transaction holds a connection (PGlite's
 * only one) or a counter's row lock while the password is hashed (docs/security.md, "Where features meet").
 */
export async function checkSecret(
  db: Db,
  subjectsOf: readonly AttemptSubject[],
  now: Date,
  check: () => Promise<boolean>,
): Promise<SecretVerdict> {
  if (insideTransaction()) throw new Error("a secret is checked outside any transaction (docs/security.md, 'Where features meet')");
  const attempt = await reserveAttempt(db, SECRET_CHECKS, subjectsOf, now);
  if (!attempt.allowed) return "locked";
  if (!(await check())) return attempt.last ? "locked" : "wrong";
  await attempt.release();
  return "right";
}

/** Forgets windows that ended more than a day ago. */
export async function forgetOldAttempts(db: Queryable, now: Date): Promise<void> {
  await db.query("DELETE FROM attempt_counters WHERE window_start < $1", [new Date(now.getTime() - 86_400_000)]);
}

/** Every secret check (card and account passwords) counts in one scope: a card's lockout holds on every path. */
export const SECRET_CHECKS = "secret";

const MINUTE = 60_000;

/**
 * The client an address stands for, in limits per client: an IPv4 address (an IPv4-mapped IPv6
 * one as its IPv4), or an IPv6 address's /64, which one subscriber's device can roam within freely.
 */
export function clientOf(address: string): string {
  const bare = address.replace(/%.*$/, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare)?.[1];
  if (mapped) return mapped;
  if (!isIPv6(bare)) return bare;
  const [head = "", tail] = bare.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(":")}::/64`;
}

/** What a guess is counted against: the card, the account, and the client it came from. */
export const subjects = {
  /** A prepaid card: five wrong passwords a minute lock it, whether it exists or not (so both answer alike). */
  card: (cardNo: string): AttemptSubject => ({ key: `card:${cardNo.trim().toUpperCase()}`, limit: 5, windowMs: MINUTE }),
  /** An account's password: five wrong in a quarter of an hour. */
  account: (brandId: string, username: string): AttemptSubject => ({
    key: `account:${brandId}/${username.trim().toLowerCase()}`,
    limit: 5,
    windowMs: 15 * MINUTE,
  }),
  /** One client (an address, or an IPv6 /64), over every card and account (room for players behind one NAT). */
  address: (address: string): AttemptSubject => ({ key: `address:${clientOf(address)}`, limit: 20, windowMs: MINUTE }),
};

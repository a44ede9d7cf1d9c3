// Attempt limits that hold across platform processes: a counter per subject (a card number, an
// account, a client address) and window, reserved by one atomic upsert before the secret is
// checked, so concurrent guesses cannot all pass a check that has not counted them yet. A check
// that succeeds, or is refused before it is made, gives its reservation back: the counters hold
// failures and checks under way.
import type { Queryable } from "../db.ts";

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

/** Counts an attempt for every subject, atomically, before the attempt is checked. */
export async function reserveAttempt(db: Queryable, scope: string, subjects: readonly AttemptSubject[], now: Date): Promise<Reservation> {
  const keys = subjects.map((s) => s.key);
  const starts = subjects.map((s) => windowOf(now, s.windowMs));
  const rows = await db.query<{ subject: string; attempts: number }>(
    `INSERT INTO attempt_counters (scope, subject, window_start, attempts)
     SELECT $1, s.subject, s.window_start, 1 FROM unnest($2::text[], $3::timestamptz[]) AS s(subject, window_start)
     ON CONFLICT (scope, subject, window_start) DO UPDATE SET attempts = attempt_counters.attempts + 1
     RETURNING subject, attempts`,
    [scope, keys, starts],
  );
  const counted = new Map(rows.map((r) => [r.subject, r.attempts]));
  const release = async () => {
    await db.query(
      `UPDATE attempt_counters c SET attempts = c.attempts - 1
         FROM unnest($2::text[], $3::timestamptz[]) AS s(subject, window_start)
        WHERE c.scope = $1 AND c.subject = s.subject AND c.window_start = s.window_start AND c.attempts > 0`,
      [scope, keys, starts],
    );
  };
  const allowed = subjects.every((s) => (counted.get(s.key) ?? 0) <= s.limit);
  if (!allowed) await release();
  return { allowed, last: subjects.some((s) => (counted.get(s.key) ?? 0) >= s.limit), release };
}

/** Forgets windows that ended more than a day ago. */
export async function forgetOldAttempts(db: Queryable, now: Date): Promise<void> {
  await db.query("DELETE FROM attempt_counters WHERE window_start < $1", [new Date(now.getTime() - 86_400_000)]);
}

/** Every secret check (card and account passwords) counts in one scope: a card's lockout holds on every path. */
export const SECRET_CHECKS = "secret";

const MINUTE = 60_000;

/** What a guess is counted against: the card, the account, and the address it came from. */
export const subjects = {
  /** A prepaid card: five wrong passwords a minute lock it, whether it exists or not (so both answer alike). */
  card: (cardNo: string): AttemptSubject => ({ key: `card:${cardNo.trim().toUpperCase()}`, limit: 5, windowMs: MINUTE }),
  /** An account's password: five wrong in a quarter of an hour. */
  account: (brandId: string, username: string): AttemptSubject => ({
    key: `account:${brandId}/${username.trim().toLowerCase()}`,
    limit: 5,
    windowMs: 15 * MINUTE,
  }),
  /** One client address, over every card and account (room for players behind one NAT). */
  address: (address: string): AttemptSubject => ({ key: `address:${address}`, limit: 20, windowMs: MINUTE }),
};

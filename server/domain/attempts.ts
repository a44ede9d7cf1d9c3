// Attempt limits that hold across platform processes: a counter per subject (a card number, an
// address, an account) and fixed window, reserved with one atomic upsert before the secret is
// checked, so concurrent guesses cannot all pass a check that has not counted them yet.
import type { Queryable } from "../db.ts";

export interface AttemptRule {
  /** What is limited, e.g. "card". */
  scope: string;
  /** Attempts allowed per subject and window; the next is refused until the window ends. */
  limit: number;
  windowMs: number;
}

export interface Reservation {
  /** False when a subject has used up its attempts: the secret must not be checked. */
  allowed: boolean;
  /** The most attempts any subject has made in this window, this one included. */
  attempts: number;
  /** Gives the attempt back (it succeeded: only failures count). */
  release(): Promise<void>;
}

const windowStart = (now: Date, windowMs: number) => new Date(Math.floor(now.getTime() / windowMs) * windowMs);

/** Counts an attempt for every subject, atomically, before the attempt is checked. */
export async function reserveAttempt(db: Queryable, rule: AttemptRule, subjects: readonly string[], now: Date): Promise<Reservation> {
  const start = windowStart(now, rule.windowMs);
  const rows = await db.query<{ attempts: number }>(
    `INSERT INTO attempt_counters (scope, subject, window_start, attempts)
     SELECT $1, s, $3, 1 FROM unnest($2::text[]) AS s
     ON CONFLICT (scope, subject, window_start) DO UPDATE SET attempts = attempt_counters.attempts + 1
     RETURNING attempts`,
    [rule.scope, [...new Set(subjects)], start],
  );
  const attempts = Math.max(0, ...rows.map((r) => r.attempts));
  const release = async () => {
    await db.query(
      `UPDATE attempt_counters SET attempts = attempts - 1
        WHERE scope = $1 AND subject = ANY($2::text[]) AND window_start = $3 AND attempts > 0`,
      [rule.scope, [...new Set(subjects)], start],
    );
  };
  const allowed = attempts <= rule.limit;
  // A refused attempt checks nothing, so it counts for nothing: the counters hold checks made or under way.
  if (!allowed) await release();
  return { allowed, attempts, release };
}

/** Forgets windows that ended more than a day ago. */
export async function forgetOldAttempts(db: Queryable, now: Date): Promise<void> {
  await db.query("DELETE FROM attempt_counters WHERE window_start < $1", [new Date(now.getTime() - 86_400_000)]);
}

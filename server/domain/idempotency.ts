// Every effect once: a state-changing call sent with an Idempotency-Key runs in one transaction with
// the record of its answer, so a retry (a lost answer, a timeout, a backup host) gets the first
// answer back and nothing happens twice. Keys are kept 24 hours by the platform's clock, per call
// and session; the same key with other parameters is refused (-409).
import { createHash } from "node:crypto";
import { messageOf } from "../../core/node/contract/contract.ts";
import { type Queryable, within } from "../db.ts";
import { CODE, PlatformError } from "./errors.ts";
import { onDb, type Platform } from "./platform.ts";

export const KEEP_MS = 24 * 3600_000;

/** What a key may be: 1 to 128 of A-Z a-z 0-9 _ . : - (a UUID, a ULID, 32 hex digits…). */
export const KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,128}$/;

/** An answer as it is sent and stored: the envelope. */
export interface Answered {
  code: number;
  message: string;
  content: unknown;
}

export interface KeyedCall {
  /** The call's name. */
  call: string;
  key: string;
  /** Whose keys these are (a session's token, or what identifies an anonymous caller): keys of different owners never meet. */
  owner: string;
  /** The path and parameters (without the token), which a repeat must match. */
  request: unknown;
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** JSON with object keys in order, so the same parameters always hash alike. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object")
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  return JSON.stringify(value) ?? "null";
}

/** A concurrent call with the same key committed first: this one's effects are rolled back. */
class LostRace extends Error {}

const reused = (): Answered => ({ code: CODE.idempotencyKeyReused, message: messageOf(CODE.idempotencyKeyReused), content: null });

/** A refusal (a PlatformError) as the answer it is. */
const refusalOf = (err: unknown): Answered | undefined =>
  err instanceof PlatformError ? { code: err.code, message: err.message, content: err.content } : undefined;

/**
 * Runs a call once per key. `prepare` runs first, outside any transaction: the call's checks that
 * must commit on their own (an attempt counted, a password hashed: docs/security.md, "Where features
 * meet"); it returns how to perform the call, whose effects and answer then commit together. A rule's
 * refusal is an answer like any other: a refusal of the checks is kept as it is (its attempt stays
 * counted); one met while performing the call has its effects rolled back; either way the retry
 * hears the same. A repeat with the same parameters answers the stored answer; with others, -409. An
 * unexpected failure stores nothing, so the retry runs again.
 */
export async function once(
  platform: Platform,
  keyed: KeyedCall,
  prepare: () => Promise<(scoped: Platform) => Promise<Answered>>,
): Promise<Answered> {
  const scope = `${keyed.call}:${sha256(keyed.owner).slice(0, 32)}`;
  const fingerprint = sha256(canonical(keyed.request));
  const now = platform.now();
  const since = new Date(now.getTime() - KEEP_MS);
  const stored = async (): Promise<Answered | undefined> => {
    const [row] = await platform.db.query<{ fingerprint: string; response: Answered }>(
      "SELECT fingerprint, response FROM idempotency_keys WHERE scope = $1 AND key = $2 AND created_at > $3",
      [scope, keyed.key, since],
    );
    if (!row) return undefined;
    return row.fingerprint === fingerprint ? row.response : reused();
  };
  // Takes the key for this answer unless a live one holds it. On PostgreSQL a concurrent call with
  // this key waits here for the first to commit, then finds the key taken.
  const keep = async (db: Queryable, answer: Answered) =>
    (
      await db.query(
        `INSERT INTO idempotency_keys (scope, key, fingerprint, response, created_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (scope, key) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, response = EXCLUDED.response, created_at = EXCLUDED.created_at
          WHERE idempotency_keys.created_at <= $6
         RETURNING key`,
        [scope, keyed.key, fingerprint, JSON.stringify(answer), now, since],
      )
    ).length > 0;

  /** Keeps a refusal for the key, unless a concurrent call with it answered first. */
  const refuse = async (refusal: Answered) => ((await keep(platform.db, refusal)) ? refusal : ((await stored()) ?? reused()));

  const first = await stored();
  if (first) return first;
  let perform: (scoped: Platform) => Promise<Answered>;
  try {
    perform = await prepare();
  } catch (err) {
    const refusal = refusalOf(err);
    if (!refusal) throw err;
    return refuse(refusal);
  }
  let refusal: Answered | undefined;
  try {
    return await platform.db.transaction(async (tx) => {
      let answer: Answered;
      try {
        answer = await perform(onDb(platform, within(platform.db, tx)));
      } catch (err) {
        refusal = refusalOf(err);
        throw err;
      }
      if (!(await keep(tx, answer))) throw new LostRace();
      return answer;
    });
  } catch (err) {
    // The refusal's effects are rolled back with the transaction; the refusal itself is kept.
    if (refusal) return refuse(refusal);
    if (!(err instanceof LostRace)) throw err;
    return (await stored()) ?? reused();
  }
}

/** Forgets keys older than 24 hours. */
export async function forgetOldKeys(platform: Platform): Promise<void> {
  await platform.db.query("DELETE FROM idempotency_keys WHERE created_at <= $1", [new Date(platform.now().getTime() - KEEP_MS)]);
}

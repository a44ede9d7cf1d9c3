// Real-name verification: of the logged-in account, or of the account a 6001 answer's ticket names.
import type { Queryable } from "../db.ts";
import { newToken } from "./crypto.ts";
import { CODE, fail } from "./errors.ts";
import { gameOf } from "./games.ts";
import type { Answer, Caller, Params, Platform } from "./platform.ts";
import { forgetAccount } from "./sessions.ts";

/** How long a 6001 answer's ticket lets the player verify. */
const TICKET_MS = 30 * 60_000;

const NAME = /^[\p{L}][\p{L}\p{M}·.' -]{0,28}[\p{L}]$/u;

/** An 18-character resident id: 17 digits and a check character (ISO 7064 MOD 11-2). */
export function validIdNumber(id: string): boolean {
  if (!/^\d{17}[\dX]$/.test(id)) return false;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = weights.reduce((s, w, i) => s + w * Number(id[i]), 0);
  return "10X98765432"[sum % 11] === id[17];
}

/** A ticket for an account that must verify its real name before it gets a session; valid 30 minutes. */
export async function issueRealNameTicket(db: Queryable, userId: string, now: Date): Promise<string> {
  // Kept among the sessions under its own prefix, which no session lookup accepts.
  const ticket = `rn_${newToken(18)}`;
  const end = new Date(now.getTime() + TICKET_MS);
  await db.query(
    "INSERT INTO sessions (token, user_id, created_at, last_seen_at, expires_at, absolute_expires_at) VALUES ($1, $2, $3, $3, $4, $4)",
    [ticket, userId, now, end],
  );
  return ticket;
}

async function ticketUser(db: Queryable, ticket: string | undefined, now: Date): Promise<string | undefined> {
  if (!ticket) return undefined;
  const [row] = await db.query<{ user_id: string }>(
    "SELECT user_id::text FROM sessions WHERE token = $1 AND token LIKE 'rn\\_%' AND expires_at > $2",
    [ticket, now],
  );
  return row?.user_id;
}

/**
 * Verifies the real name of the logged-in account, or of the account a 6001 ticket names; the
 * ticket is spent. Used by the API call and by the sandbox's verification form.
 */
export async function verifyRealName(
  platform: Platform,
  request: { userId?: string; ticket?: string; name: string; idNumber: string },
): Promise<void> {
  const userId = request.userId ?? (await ticketUser(platform.db, request.ticket, platform.now()));
  if (!userId) fail(CODE.realNameFailed);
  const name = request.name.trim();
  const id = request.idNumber.trim().toUpperCase();
  if (!NAME.test(name) || !validIdNumber(id))
    fail(CODE.realNameFailed, "request failed, redo real-name from the first page: the name or id number is not valid");
  await platform.db.transaction(async (tx) => {
    await tx.query("UPDATE accounts SET real_name = true WHERE user_id = $1", [userId]);
    if (request.ticket) await tx.query("DELETE FROM sessions WHERE token = $1", [request.ticket]);
  });
  // The account's sessions remembered in this process learn it at once (others within seconds).
  forgetAccount(platform.caches.sessions, userId);
}

export async function realNameVerify(platform: Platform, params: Params<"realNameVerify">, caller: Caller): Answer<"realNameVerify"> {
  const game = gameOf(platform, params.client_id);
  const own = caller.user && caller.user.brand_id === game.brand.id ? caller.user.user_id : undefined;
  await verifyRealName(platform, {
    ...(own ? { userId: own } : {}),
    ...(params.ticket ? { ticket: params.ticket } : {}),
    name: params.name,
    idNumber: params.id_number,
  });
  return { real_name: true };
}

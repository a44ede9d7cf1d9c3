// Real-name verification, internal test accounts, and the tracking sink.
import type { Queryable } from "../db.ts";
import { E, fail } from "./errors.ts";
import { ACCOUNT_COLUMNS, type AccountRow, loginResult } from "./login.ts";
import { gameOf, type Handlers, type Platform } from "./platform.ts";

const NAME = /^[\p{L}][\p{L}\p{M}·.' -]{0,28}[\p{L}]$/u;

/** An 18-character resident id: 17 digits and a check character (ISO 7064 MOD 11-2). */
export function validIdNumber(id: string): boolean {
  if (!/^\d{17}[\dX]$/.test(id)) return false;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = weights.reduce((s, w, i) => s + w * Number(id[i]), 0);
  return "10X98765432"[sum % 11] === id[17];
}

async function ticketUser(db: Queryable, ticket: string | undefined): Promise<string | undefined> {
  if (!ticket) return undefined;
  const [row] = await db.query<{ user_id: string }>(
    "SELECT user_id::text FROM sessions WHERE token = $1 AND token LIKE 'rn\\_%' AND expires_at > now()",
    [ticket],
  );
  return row?.user_id;
}

/**
 * Verifies the real name of the logged-in account, or of the account a 6001 ticket names; the
 * ticket is spent. Used by the API call and by the sandbox's verification form.
 */
export async function verifyRealName(
  platform: Platform,
  o: { userId?: string; ticket?: string; name: string; idNumber: string },
): Promise<void> {
  const userId = o.userId ?? (await ticketUser(platform.db, o.ticket));
  if (!userId) fail(E.realNameFailed);
  const name = o.name.trim();
  const id = o.idNumber.trim().toUpperCase();
  if (!NAME.test(name) || !validIdNumber(id))
    fail(E.realNameFailed, "request failed, redo real-name from the first page: the name or id number is not valid");
  await platform.db.transaction(async (tx) => {
    await tx.query("UPDATE accounts SET real_name = true WHERE user_id = $1", [userId]);
    if (o.ticket) await tx.query("DELETE FROM sessions WHERE token = $1", [o.ticket]);
  });
}

export const accountHandlers: Handlers = {
  async realNameVerify(ctx) {
    const game = gameOf(ctx.platform, ctx.params.client_id);
    const own = ctx.user && ctx.user.brand_id === game.brand.id ? ctx.user.user_id : undefined;
    await verifyRealName(ctx.platform, {
      ...(own ? { userId: own } : {}),
      ...(ctx.params.ticket ? { ticket: ctx.params.ticket } : {}),
      name: ctx.params.name,
      idNumber: ctx.params.id_number,
    });
    return { real_name: true };
  },
  async betaConfirm({ params, platform }) {
    const game = gameOf(platform, params.client_id);
    const [account] = await platform.db.query<AccountRow>(
      `SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE beta_token = $1 AND is_test AND brand_id = $2`,
      [params.beta_token, game.brand.id],
    );
    if (!account) fail(E.betaInvalid);
    return loginResult(platform, game, account);
  },
  async trackDot({ params, platform }) {
    const { idfv: _i, spec_lang: _s, oauth_token: _o, ...payload } = params;
    await platform.db.query("INSERT INTO tracking_events (kind, name, payload) VALUES ('dot', $1, $2)", [
      params.event,
      JSON.stringify(payload),
    ]);
    return { stored: true };
  },
  async trackApi({ params, platform }) {
    const { idfv: _i, spec_lang: _s, oauth_token: _o, ...payload } = params;
    await platform.db.query("INSERT INTO tracking_events (kind, name, payload) VALUES ('api', $1, $2)", [
      String(params.event),
      JSON.stringify(payload),
    ]);
    return { stored: true };
  },
};

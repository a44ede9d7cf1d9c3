// Internal test accounts (docs/decisions.md, "Test accounts"; docs/api.md#call-betaconfirm): at each
// sign-in a tester gets a token of its own, bound to the account and to the device it signed in
// from, that expires. Only its hash is kept; revoking one tester (UPDATE tester_tokens SET
// revoked_at = now() WHERE user_id = …) touches no platform secret and no other tester.
import type { Queryable } from "../db.ts";
import { newToken, sha256Hex } from "./crypto.ts";

/** How long a tester's token opens test mode on its device. */
export const TESTER_TOKEN_DAYS = 7;

/** A new token for a tester signing in on `device` (its idfv). */
export async function issueTesterToken(db: Queryable, userId: string, device: string, now: Date): Promise<string> {
  const token = `beta_${newToken(24)}`;
  await db.query("INSERT INTO tester_tokens (token_hash, user_id, device, issued_at, expires_at) VALUES ($1, $2, $3, $4, $5)", [
    sha256Hex(token),
    userId,
    device,
    now,
    new Date(now.getTime() + TESTER_TOKEN_DAYS * 86_400_000),
  ]);
  return token;
}

/** The test account a token opens on this device and brand, while it is neither expired nor revoked. */
export async function testerOf(db: Queryable, token: string, device: string, brandId: string, now: Date): Promise<string | undefined> {
  const [row] = await db.query<{ user_id: string }>(
    `SELECT t.user_id::text FROM tester_tokens t JOIN accounts a ON a.user_id = t.user_id
      WHERE t.token_hash = $1 AND t.device = $2 AND a.brand_id = $3 AND a.is_test AND t.revoked_at IS NULL AND t.expires_at > $4`,
    [sha256Hex(token), device, brandId, now],
  );
  return row?.user_id;
}

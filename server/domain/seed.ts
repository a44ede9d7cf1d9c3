// Sandbox data derived from brands.yaml: accounts, roles, VIP state and coupons, prepaid cards,
// make-up links. Idempotent: a restart keeps what players did and only fills what is missing.

import { type Catalog, type CatalogGame, gamesOfBrand } from "../catalog/catalog.ts";
import { textId, textInEveryLanguage } from "../catalog/texts.ts";
import type { Db, Queryable } from "../db.ts";
import { hashPassword } from "./crypto.ts";
import { ensureRoles } from "./roles.ts";
import { addGrowthPoints } from "./vip.ts";

export const SANDBOX_PASSWORD = "sandbox-pass";

/** The seeded accounts of every brand (documented in the README). */
export const SEED_ACCOUNTS = [
  { suffix: "player", note: "an ordinary player" },
  { suffix: "vip", note: "a Gold VIP (6,000 growth points) with coupons in every state" },
  { suffix: "realname", note: "not real-name verified (brands with the real-name gate answer 6001)" },
  { suffix: "tester", note: "an internal test account (test-account mode)" },
  { suffix: "target", note: "blocked until a make-up link is paid for it" },
] as const;

export const cardNumber = (brandId: string, n: number) => `4300-${brandId.toUpperCase()}-${String(n).padStart(3, "0")}`;
export const cardPassword = (n: number) => `card-${String(n).padStart(3, "0")}`;

async function account(db: Queryable, brandId: string, suffix: string, extra: { region: string; realName: boolean; isTest: boolean }) {
  const username = `${brandId}_${suffix}`;
  const [existing] = await db.query<{ user_id: string }>("SELECT user_id::text FROM accounts WHERE brand_id = $1 AND username = $2", [
    brandId,
    username,
  ]);
  if (existing) return existing.user_id;
  const [row] = await db.query<{ user_id: string }>(
    `INSERT INTO accounts (brand_id, username, provider, password_hash, region, real_name, is_test)
     VALUES ($1, $2, 'password', $3, $4, $5, $6) ON CONFLICT (brand_id, username) DO UPDATE SET region = EXCLUDED.region RETURNING user_id::text`,
    [brandId, username, await hashPassword(SANDBOX_PASSWORD), extra.region, extra.realName, extra.isTest],
  );
  return row?.user_id ?? "";
}

async function seedVip(db: Queryable, catalog: Catalog, game: CatalogGame, userId: string, now: Date) {
  const [vip] = await db.query("SELECT 1 FROM vip_accounts WHERE user_id = $1 AND brand_id = $2", [userId, game.brand.id]);
  if (vip) return;
  // Gold: the level's weekly and monthly coupons are then claimable (vip.ts periodGrants).
  await addGrowthPoints(db, catalog.vip, game, userId, 6000, now);
  const past = new Date(now.getTime() - 5 * 86_400_000);
  // A used and an expired coupon, so the history list has both.
  // An operator's coupons are named in every language at once: the map form of docs/api.md#type-coupon (locale → text).
  const { texts, translations } = catalog;
  const named = (id: "welcome" | "spring") => textInEveryLanguage(translations, textId.seedCoupon(id), texts.seedCoupons[id]);
  await db.query(
    `INSERT INTO coupons (code, user_id, brand_id, name, kind, discount_rate, claimed, period, valid_end_time, used_billing_no, used_at)
     VALUES ($1, $2, $3, $7, 'permanent', 0.93, true, 'seed-used', $4, 'SEED-ORDER', $5),
            ($6, $2, $3, $8, 'permanent', 0.96, true, 'seed-expired', $5, NULL, NULL)
     ON CONFLICT DO NOTHING`,
    [
      `CPSEEDUSED${userId}`,
      userId,
      game.brand.id,
      new Date(now.getTime() + 30 * 86_400_000),
      past,
      `CPSEEDEXP${userId}`,
      named("welcome"),
      named("spring"),
    ],
  );
}

/**
 * A fresh sandbox account `<brand>_<kind>_<tag>` with characters in every game (and the seeded VIP
 * state for `vip` on VIP brands), so tools such as the gallery never share state between runs.
 */
export async function freshAccount(
  db: Db,
  catalog: Catalog,
  brandId: string,
  kind: "player" | "vip",
  tag: string,
  now: Date,
): Promise<string | undefined> {
  const brand = catalog.config.brands.find((b) => b.id === brandId);
  const games = catalog.games.filter((g) => g.brand.id === brandId && g.parentGpId === undefined);
  const first = games.find((g) => g.gameKey === brand?.defaultGame) ?? games[0];
  if (!brand || !first) return undefined;
  const suffix = `${kind}_${tag}`;
  await db.transaction(async (tx) => {
    const id = await account(tx, brandId, suffix, {
      region: brand.areas[first.area]?.regions[0] ?? "GLOBAL",
      realName: true,
      isTest: false,
    });
    await ensureRoles(tx, catalog.roleNames, id, gamesOfBrand(catalog, brandId));
    if (kind === "vip" && brand.features.vip) await seedVip(tx, catalog, first, id, now);
  });
  return `${brandId}_${suffix}`;
}

export async function seed(db: Db, catalog: Catalog, now: Date): Promise<void> {
  for (const brand of catalog.config.brands) {
    const games = catalog.games.filter((g) => g.brand.id === brand.id && g.parentGpId === undefined);
    const first = games.find((g) => g.gameKey === brand.defaultGame) ?? games[0];
    if (!first) continue;
    const region = brand.areas[first.area]?.regions[0] ?? "GLOBAL";
    await db.transaction(async (tx) => {
      const ids: Record<string, string> = {};
      for (const { suffix } of SEED_ACCOUNTS) {
        ids[suffix] = await account(tx, brand.id, suffix, {
          region,
          realName: suffix !== "realname",
          isTest: suffix === "tester",
        });
      }
      for (const id of Object.values(ids)) await ensureRoles(tx, catalog.roleNames, id, gamesOfBrand(catalog, brand.id));
      if (brand.features.vip && ids.vip) await seedVip(tx, catalog, first, ids.vip, now);

      if (brand.features.prepaidCard) {
        for (let cardIndex = 1; cardIndex <= 12; cardIndex++) {
          const cardNo = cardNumber(brand.id, cardIndex);
          const [exists] = await tx.query("SELECT 1 FROM prepaid_cards WHERE card_no = $1", [cardNo]);
          if (exists) continue;
          // Card 12 credits nothing beyond its points (gems 0): the confirm then shows one line.
          const gems = cardIndex === 12 ? 0 : 430;
          await tx.query(
            "INSERT INTO prepaid_cards (card_no, brand_id, password_hash, card_points, price_minor, currency, gems, extra_gems) VALUES ($1,$2,$3,43,$4,$5,$6,$7)",
            [
              cardNo,
              brand.id,
              await hashPassword(cardPassword(cardIndex), "card"),
              catalog.money.fromBase(499, first.currency),
              first.currency,
              gems,
              cardIndex % 2 === 0 && cardIndex !== 12 ? 43 : 0,
            ],
          );
        }
      }

      if (brand.features.replenish && ids.target) {
        await tx.query("INSERT INTO account_blocks (user_id, reason) VALUES ($1, 'chargeback') ON CONFLICT DO NOTHING", [ids.target]);
        const [role] = await tx.query<{ role_id: string; server_id: string }>(
          "SELECT role_id, server_id FROM roles WHERE user_id = $1 AND gp_id = $2 ORDER BY role_id LIMIT 1",
          [ids.target, first.gpId],
        );
        const product = first.goods.find((g) => g.typeKey === "gems" && g.usdCents > 500)?.productId ?? first.goods[0]?.productId ?? "";
        const links = [
          { id: `rp-${brand.id}-hour`, seconds: 3600 },
          { id: `rp-${brand.id}-days`, seconds: 3 * 86_400 },
          { id: `rp-${brand.id}-expired`, seconds: -3600 },
        ];
        for (const link of links) {
          // Unpaid links are renewed at each start, so the sandbox always has one of each kind.
          await tx.query(
            `INSERT INTO replenish_links (replenish_id, brand_id, gp_id, client_id, target_user_id, server_id, role_id, product_id, expires_at)
             VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9)
             ON CONFLICT (replenish_id) DO UPDATE SET expires_at = EXCLUDED.expires_at WHERE replenish_links.paid_at IS NULL`,
            [
              link.id,
              brand.id,
              first.gpId,
              first.clientIds.web,
              ids.target,
              role?.server_id ?? "1001",
              role?.role_id ?? "",
              product,
              new Date(now.getTime() + link.seconds * 1000),
            ],
          );
        }
      }
    });
  }
}

// The platform API: the contract's shared schemas, and one plugin per contract file.
import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import { loadContract } from "../../core/node/contract/contract.ts";
import { accountRoutes } from "./account.ts";
import { gamesRoutes } from "./games.ts";
import { loginRoutes } from "./login.ts";
import { loyaltyRoutes } from "./loyalty.ts";
import { paymentRoutes } from "./payment.ts";
import { replenishRoutes } from "./replenish.ts";

const BY_FILE: Record<string, FastifyPluginAsync> = {
  "games.json": gamesRoutes,
  "login.json": loginRoutes,
  "payment.json": paymentRoutes,
  "loyalty.json": loyaltyRoutes,
  "replenish.json": replenishRoutes,
  "account.json": accountRoutes,
};

export async function apiRoutes(scope: FastifyInstance): Promise<void> {
  const { common, calls } = loadContract();
  const { $schema: _drop, ...shared } = common;
  scope.addSchema(shared);
  const files = [...new Set(calls.map((c) => c.file))];
  const unserved = files.filter((f) => !BY_FILE[f]);
  if (unserved.length) throw new Error(`contract files without routes: ${unserved.join(", ")}`);
  for (const file of files) await scope.register(BY_FILE[file] as FastifyPluginAsync);
}

// The sandbox platform as a Fastify plugin: an encapsulated instance decorated with the platform's
// state, serving the contract's calls (routes/) and the sandbox's own pages and tools (sandbox/).
import type { FastifyInstance } from "fastify";
import type { Platform } from "./domain/platform.ts";
import { decoratePlatform } from "./instance.ts";
import { apiRoutes } from "./routes/index.ts";
import { sandboxRoutes } from "./sandbox/index.ts";

export async function platformPlugin(scope: FastifyInstance, options: { platform: Platform }): Promise<void> {
  decoratePlatform(scope, options.platform);
  await scope.register(apiRoutes);
  await scope.register(sandboxRoutes);
}

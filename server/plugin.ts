// The sandbox platform as a Fastify plugin: an encapsulated instance decorated with the platform's
// state, serving the contract's calls (routes/) and the sandbox's own pages and tools (sandbox/).
import type { FastifyInstance } from "fastify";
import type { Platform } from "./domain/platform.ts";
import { startSweeps } from "./domain/sweeps.ts";
import { decoratePlatform } from "./instance.ts";
import { apiRoutes } from "./routes/index.ts";
import { sandboxRoutes } from "./sandbox/index.ts";

export async function platformPlugin(scope: FastifyInstance, options: { platform: Platform }): Promise<void> {
  decoratePlatform(scope, options.platform);
  // The platform's timed work (due card exchanges) runs while the app serves, and stops with it.
  const stopSweeps = startSweeps(options.platform);
  scope.addHook("onClose", async () => stopSweeps());
  await scope.register(apiRoutes);
  await scope.register(sandboxRoutes);
}

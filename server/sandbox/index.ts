// The sandbox's own pages and tools beside the API: checkout and notifications, provider sign-in
// pages, the real-name form, artwork and the test tools.
import type { FastifyInstance } from "fastify";
import { checkoutRoutes } from "./checkout.ts";
import { notifyRoutes } from "./notify.ts";
import { providerPageRoutes } from "./provider-pages.ts";
import { realNameRoutes } from "./real-name.ts";
import { toolRoutes } from "./tools.ts";

export async function sandboxRoutes(scope: FastifyInstance): Promise<void> {
  await scope.register(checkoutRoutes);
  await scope.register(notifyRoutes);
  await scope.register(providerPageRoutes);
  await scope.register(realNameRoutes);
  await scope.register(toolRoutes);
}

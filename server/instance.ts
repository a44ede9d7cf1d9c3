// The platform on a Fastify instance: one decoration, so each app serves the platform it was given
// and no module holds state.
import type { FastifyInstance } from "fastify";
import type { Platform } from "./domain/platform.ts";

declare module "fastify" {
  interface FastifyInstance {
    platform: Platform;
  }
}

export function decoratePlatform(instance: FastifyInstance, platform: Platform): void {
  instance.decorate("platform", platform);
}

/** The platform a decorated instance carries, as the domain's calls take it. */
export const platformOf = (instance: FastifyInstance): Platform => instance.platform;

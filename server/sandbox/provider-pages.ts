// The sandbox sign-in pages of the third-party login providers, which hand a sandbox code back to
// the storefront that opened them (and only to a storefront), as the real providers' pages do.
import { randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyReply } from "fastify";
import { storefrontOrigin, storefrontUrl } from "../../core/browser/config/targets.ts";
import { platformOf } from "../instance.ts";
import { newNonce, pages } from "./html.ts";

/** Providers whose sign-in runs in a popup that answers its opener with postMessage. */
export const POPUP_PROVIDERS = { google: "Google", apple: "Apple", facebook: "Facebook", huawei: "Huawei", vk: "VK" } as const;
export type PopupProvider = keyof typeof POPUP_PROVIDERS;

const isPopupProvider = (p: string): p is PopupProvider => Object.hasOwn(POPUP_PROVIDERS, p);

const SANDBOX_USERS = [
  { id: "alice", name: "Alice" },
  { id: "bob", name: "Bob" },
];

const STATE_MAX = 100;

const refuse = (reply: FastifyReply, why: string) =>
  reply.code(400).type("text/plain; charset=utf-8").header("cache-control", "no-store").send(why);

export async function providerPageRoutes(scope: FastifyInstance): Promise<void> {
  const hosts = platformOf(scope).catalog.storefrontHosts;

  scope.get<{ Params: { provider: string }; Querystring: Record<string, unknown> }>(
    "/sandbox/provider/:provider",
    async (request, reply) => {
      const { provider } = request.params;
      const { origin: originParam, state } = request.query;
      if (!isPopupProvider(provider)) return refuse(reply, "unknown provider");
      const origin = typeof originParam === "string" ? storefrontOrigin(hosts, originParam) : undefined;
      if (!origin) return refuse(reply, "bad origin");
      if (typeof state !== "string" || state.length === 0 || state.length > STATE_MAX) return refuse(reply, "bad state");
      const nonce = newNonce();
      // Besides the fixed people, a brand-new account each time: a first purchase, a first VIP level.
      const users = [...SANDBOX_USERS, { id: `new${randomBytes(5).toString("hex")}`, name: "a new player" }];
      // Built here, not in the script, so what the opener receives is visible in the page source.
      const messages = {
        ...Object.fromEntries(
          users.map((user) => [
            user.id,
            { source: "sandbox-provider", provider, state, code: `sbx_${provider}_${user.id}`, uid: `${provider}_${user.id}` },
          ]),
        ),
        cancel: { source: "sandbox-provider", provider, state, error: "cancelled" },
      };
      return reply
        .type("text/html; charset=utf-8")
        .header("cache-control", "no-store")
        .header(
          "content-security-policy",
          `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
        )
        .send(
          pages.provider({
            title: `Sandbox ${POPUP_PROVIDERS[provider]} sign-in`,
            host: new URL(origin).host,
            users,
            nonce,
            messages,
            origin,
          }),
        );
    },
  );

  scope.get<{ Querystring: { callback?: string } }>("/sandbox/provider/twitter", async (request, reply) => {
    const callback = request.query.callback ?? "";
    // Twitter returns to a page of the store itself, so the callback must be on a storefront host.
    if (!/^https?:\/\/[^\s]+$/.test(callback) || !storefrontUrl(hosts, callback)) return refuse(reply, "bad callback");
    const link = (user: string) => {
      const url = new URL(callback);
      url.searchParams.set("oauth_token", `sbx_${user}`);
      url.searchParams.set("oauth_verifier", "approved");
      return url.toString();
    };
    const denied = new URL(callback);
    denied.searchParams.set("denied", "1");
    return reply
      .type("text/html; charset=utf-8")
      .header(
        "content-security-policy",
        "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      )
      .header("cache-control", "no-store")
      .send(
        pages.twitter({
          accounts: ["alice", "bob"].map((name) => ({ name, href: link(`tw_${name}`) })),
          denied: denied.toString(),
        }),
      );
  });
}

// The sandbox sign-in pages of the third-party login providers, which hand a sandbox code back to
// the storefront that opened them (and only to a storefront), as the real providers' pages do.
import { randomBytes } from "node:crypto";
import type { FastifyInstance, FastifyReply } from "fastify";
import { storefrontHosts } from "../../core/config/hosts.ts";
import { esc, newNonce, scriptValue, storefrontOrigin, storefrontUrl } from "./pages.ts";
import type { Platform } from "./platform.ts";

/** Providers whose sign-in runs in a popup that answers its opener with postMessage. */
export const POPUP_PROVIDERS = { google: "Google", apple: "Apple", facebook: "Facebook", huawei: "Huawei", vk: "VK" } as const;
export type PopupProvider = keyof typeof POPUP_PROVIDERS;

const isPopupProvider = (p: string): p is PopupProvider => Object.hasOwn(POPUP_PROVIDERS, p);

const SANDBOX_USERS = [
  { id: "alice", name: "Alice" },
  { id: "bob", name: "Bob" },
];

const STATE_MAX = 100;

const PAGE_STYLE =
  "body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#eef1f5;color:#111827}main{max-width:24rem;margin:0 auto;padding:1.5rem}" +
  ".card{background:#fff;border-radius:16px;padding:1.5rem;box-shadow:0 1px 3px #0002}h1{font-size:1.2rem;margin:.5rem 0}" +
  "button{display:block;width:100%;min-height:48px;margin-top:.75rem;border:0;border-radius:12px;background:#111827;color:#fff;font:inherit;font-weight:600;cursor:pointer}" +
  "button.no{background:#e5e7eb;color:#111827}button:focus-visible{outline:3px solid #2563eb;outline-offset:2px}" +
  ".badge{display:inline-block;background:#fef3c7;color:#78350f;border-radius:999px;padding:0 .6rem;font-size:.75rem;font-weight:700}";

const refuse = (reply: FastifyReply, why: string) =>
  reply.code(400).type("text/plain; charset=utf-8").header("cache-control", "no-store").send(why);

export function registerProviderPages(app: FastifyInstance, platform: Platform): void {
  const hosts = storefrontHosts(platform.catalog.config);

  app.get<{ Params: { provider: string }; Querystring: Record<string, unknown> }>("/sandbox/provider/:provider", async (request, reply) => {
    const { provider } = request.params;
    const { origin: originParam, state } = request.query;
    if (!isPopupProvider(provider)) return refuse(reply, "unknown provider");
    const origin = typeof originParam === "string" ? storefrontOrigin(hosts, originParam) : undefined;
    if (!origin) return refuse(reply, "bad origin");
    if (typeof state !== "string" || state.length === 0 || state.length > STATE_MAX) return refuse(reply, "bad state");
    const nonce = newNonce();
    const name = POPUP_PROVIDERS[provider];
    // Besides the fixed people, a brand-new account each time: a first purchase, a first VIP level.
    const users = [...SANDBOX_USERS, { id: `new${randomBytes(5).toString("hex")}`, name: "a new player" }];
    // Built here, not in the script, so what the opener receives is visible in the page source.
    const messages = {
      ...Object.fromEntries(
        users.map((u) => [
          u.id,
          { source: "sandbox-provider", provider, state, code: `sbx_${provider}_${u.id}`, uid: `${provider}_${u.id}` },
        ]),
      ),
      cancel: { source: "sandbox-provider", provider, state, error: "cancelled" },
    };
    const script =
      `(function(){var messages=${scriptValue(messages)},origin=${scriptValue(origin)};` +
      `var choices=document.getElementById("choices"),orphan=document.getElementById("orphan");` +
      "function lost(){choices.hidden=true;orphan.hidden=false}" +
      "if(!window.opener){lost();return}" +
      'choices.addEventListener("click",function(e){var b=e.target.closest("button[data-answer]");if(!b)return;' +
      'if(!window.opener){lost();return}window.opener.postMessage(messages[b.getAttribute("data-answer")],origin);window.close()})})();';
    const buttons =
      users.map((u) => `<button type="button" data-answer="${u.id}">Continue as ${u.name}</button>`).join("") +
      '<button type="button" class="no" data-answer="cancel">Cancel</button>';
    return reply
      .type("text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .header(
        "content-security-policy",
        `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
      )
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="referrer" content="no-referrer">` +
          `<title>Sandbox ${name} sign-in</title><style>${PAGE_STYLE}</style></head>` +
          `<body><main><div class="card"><span class="badge">SANDBOX</span><h1>Sandbox ${name} sign-in</h1>` +
          `<p>Choose an account to continue to ${esc(new URL(origin).host)}.</p>` +
          `<div id="choices">${buttons}</div><p id="orphan" role="status" hidden>Return to the store</p></div></main>` +
          `<script nonce="${nonce}">${script}</script></body></html>`,
      );
  });

  app.get<{ Querystring: { callback?: string } }>("/sandbox/provider/twitter", async (request, reply) => {
    const callback = request.query.callback ?? "";
    // Twitter returns to a page of the store itself, so the callback must be on a storefront host.
    if (!/^https?:\/\/[^\s]+$/.test(callback) || !storefrontUrl(hosts, callback)) return refuse(reply, "bad callback");
    reply
      .type("text/html; charset=utf-8")
      .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'");
    const link = (user: string) => {
      const url = new URL(callback);
      url.searchParams.set("oauth_token", `sbx_${user}`);
      url.searchParams.set("oauth_verifier", "approved");
      return esc(url.toString());
    };
    const denied = new URL(callback);
    denied.searchParams.set("denied", "1");
    return reply.send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Sandbox Twitter</title>` +
        `<style>body{font:16px system-ui;margin:2rem;max-width:24rem}a{display:block;margin:.75rem 0;padding:.75rem;border-radius:12px;background:#111827;color:#fff;text-align:center;text-decoration:none}a.no{background:#e5e7eb;color:#111827}</style></head>` +
        `<body><h1>Sandbox Twitter</h1><p>Authorize the store to use your account?</p><a href="${link("tw_alice")}">Continue as @alice</a><a href="${link("tw_bob")}">Continue as @bob</a><a class="no" href="${esc(denied.toString())}">Cancel</a></body></html>`,
    );
  });
}

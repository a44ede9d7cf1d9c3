// Sandbox-only tools: artwork, the tracking events store, fresh accounts, new make-up links, the Korean pay script, the real-name form.
import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { storefrontHosts } from "../../core/config/hosts.ts";
import { methodById } from "../../core/payments/methods.ts";
import { verifyRealName } from "./account.ts";
import { artSvg } from "./art.ts";
import { newToken } from "./crypto.ts";
import { esc, storefrontUrl } from "./pages.ts";
import type { Platform } from "./platform.ts";
import { freshAccount, SANDBOX_PASSWORD } from "./seed.ts";

export function registerSandbox(app: FastifyInstance, platform: Platform): void {
  app.get<{ Params: { kind: string; file: string } }>("/sandbox/art/:kind/:file", async (request, reply) => {
    const { kind, file } = request.params;
    if (!/^(game|banner|goods|payway)$/.test(kind) || !/^[A-Za-z0-9_.-]{1,80}\.svg$/.test(file))
      return reply.code(404).send({ code: -404, message: "no such artwork", content: null });
    const name = file.slice(0, -4);
    const label =
      kind === "payway"
        ? methodById.get(Number(name.split("-")[0]))?.name
        : kind === "game"
          ? platform.catalog.byGpId.get(Number(name.split("-")[0]))?.name
          : undefined;
    return reply
      .type("image/svg+xml")
      .header("cache-control", "public, max-age=86400")
      .send(artSvg(kind, name, label));
  });

  app.get<{ Querystring: { kind?: string; name?: string; after?: string } }>(
    "/sandbox/tracking",
    {
      schema: {
        querystring: {
          type: "object",
          properties: {
            kind: { enum: ["dot", "api"] },
            name: { type: "string", maxLength: 40 },
            after: { type: "string", pattern: "^[0-9]{1,18}$" },
          },
        },
      },
    },
    async (request) => {
      const { kind, name, after } = request.query;
      const rows = await platform.db.query<{ id: string; kind: string; name: string; payload: unknown; received_at: string }>(
        `SELECT id::text, kind, name, payload, received_at FROM tracking_events
          WHERE ($1::text IS NULL OR kind = $1) AND ($2::text IS NULL OR name = $2) AND id > $3 ORDER BY id LIMIT 500`,
        [kind ?? null, name ?? null, after ?? "0"],
      );
      return { code: 1, message: "success", content: { events: rows } };
    },
  );

  app.post<{ Body: { brand: string; kind: "player" | "vip" } }>(
    "/sandbox/account",
    {
      schema: {
        body: {
          type: "object",
          required: ["brand", "kind"],
          additionalProperties: false,
          properties: { brand: { type: "string", pattern: "^[a-z0-9-]{2,40}$" }, kind: { enum: ["player", "vip"] } },
        },
      },
    },
    async (request, reply) => {
      const username = await freshAccount(platform.db, platform.catalog, request.body.brand, request.body.kind, randomUUID().slice(0, 8));
      if (!username) return reply.code(404).send({ code: -404, message: "unknown brand", content: null });
      return { code: 1, message: "success", content: { username, password: SANDBOX_PASSWORD } };
    },
  );

  app.post<{ Body: { brand: string; username?: string; valid_seconds?: number; product_id?: string } }>(
    "/sandbox/replenish",
    {
      schema: {
        body: {
          type: "object",
          required: ["brand"],
          additionalProperties: false,
          properties: {
            brand: { type: "string", pattern: "^[a-z0-9-]{2,40}$" },
            username: { type: "string", maxLength: 80 },
            valid_seconds: { type: "integer", minimum: -86400, maximum: 30 * 86400 },
            product_id: { type: "string", maxLength: 64 },
          },
        },
      },
    },
    async (request, reply) => {
      const { brand, valid_seconds: valid = 3600 } = request.body;
      const username = request.body.username ?? `${brand}_target`;
      const game = platform.catalog.games.find((g) => g.brand.id === brand && g.gameKey === g.brand.defaultGame);
      const [target] = await platform.db.query<{ user_id: string }>(
        "SELECT user_id::text FROM accounts WHERE brand_id = $1 AND username = $2",
        [brand, username],
      );
      if (!game || !target) return reply.code(404).send({ code: -404, message: "unknown brand or account", content: null });
      const [role] = await platform.db.query<{ role_id: string; server_id: string }>(
        "SELECT role_id, server_id FROM roles WHERE user_id = $1 AND gp_id = $2 ORDER BY role_id LIMIT 1",
        [target.user_id, game.gpId],
      );
      const product = request.body.product_id ?? game.goods.find((g) => g.typeKey === "gems" && g.usd > 5)?.productId ?? "";
      if (!role || !game.goods.some((g) => g.productId === product))
        return reply.code(400).send({ code: -400, message: "no role or goods for the link", content: null });
      const id = `rp-${newToken(9)}`;
      await platform.db.query(
        `INSERT INTO replenish_links (replenish_id, brand_id, gp_id, client_id, target_user_id, server_id, role_id, product_id, expires_at)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8, now() + make_interval(secs => $9))`,
        [id, brand, game.gpId, game.clientIds.web, target.user_id, role.server_id, role.role_id, product, valid],
      );
      return { code: 1, message: "success", content: { replenish_id: id, path: `/replenishGoods?replenish_id=${id}` } };
    },
  );

  // The sandbox stand-in for the Korean-market payment script (WelcomePay card payments on desktop).
  app.get("/sandbox/kr-pay.js", async (_request, reply) =>
    reply
      .type("text/javascript; charset=utf-8")
      .header("cache-control", "public, max-age=3600")
      .send(
        "window.SandboxKrPay={version:1,pay:function(url){var w=window.open(url,'krpay','width=480,height=720');if(!w){location.href=url}return w}};",
      ),
  );

  registerRealNameForm(app, platform);
}

const FORM_STYLE =
  "body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#eef1f5;color:#111827}main{max-width:26rem;margin:0 auto;padding:1.5rem}" +
  ".card{background:#fff;border-radius:16px;padding:1.5rem;box-shadow:0 1px 3px #0002}h1{font-size:1.2rem;margin:0 0 .5rem}" +
  "label{display:block;margin:.75rem 0}input{display:block;width:100%;box-sizing:border-box;min-height:44px;margin-top:.25rem;padding:0 .75rem;border:1px solid #d1d5db;border-radius:10px;font:inherit}" +
  "button,a.button{display:block;width:100%;min-height:48px;margin-top:1rem;border:0;border-radius:12px;background:#111827;color:#fff;font:inherit;font-weight:600;text-align:center;line-height:48px;text-decoration:none}" +
  ".error{color:#b91c1c}.badge{display:inline-block;background:#fef3c7;color:#78350f;border-radius:999px;padding:0 .6rem;font-size:.75rem;font-weight:700}";

/**
 * The sandbox's real-name verification form (what a real identity provider would host): the
 * storefront sends the player here with the ticket of a 6001 answer and a return link on its own host.
 */
function registerRealNameForm(app: FastifyInstance, platform: Platform): void {
  const hosts = storefrontHosts(platform.catalog.config);
  const safeReturn = (url: string | undefined) => storefrontUrl(hosts, url)?.toString();
  const page = (body: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="referrer" content="no-referrer"><title>Real-name verification</title><style>${FORM_STYLE}</style></head><body><main><div class="card"><span class="badge">SANDBOX</span>${body}</div></main></body></html>`;
  const csp = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'";
  const form = (ticket: string, back: string, error?: string) =>
    page(`<h1>Real-name verification</h1>${error ? `<p class="error" role="alert">${esc(error)}</p>` : ""}
<form method="post" action="/sandbox/realname"><input type="hidden" name="ticket" value="${esc(ticket)}"><input type="hidden" name="return" value="${esc(back)}">
<label>Full name<input name="name" autocomplete="name" required maxlength="60"></label>
<label>ID number<input name="id_number" autocomplete="off" required maxlength="40"></label>
<p style="color:#6b7280;font-size:.875rem">Sandbox: 11010519491231002X passes the check-digit rule.</p>
<button type="submit">Verify</button></form>`);

  app.get<{ Querystring: { ticket?: string; return?: string } }>("/sandbox/realname", async (request, reply) => {
    reply.type("text/html; charset=utf-8").header("content-security-policy", csp).header("cache-control", "no-store");
    const back = safeReturn(request.query.return);
    if (!back || !/^rn_[A-Za-z0-9_-]{1,60}$/.test(request.query.ticket ?? ""))
      return reply.code(400).send(page("<h1>Invalid verification link</h1>"));
    return reply.send(form(request.query.ticket ?? "", back));
  });

  app.register(async (scope) => {
    scope.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 4096 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    scope.post<{ Body: Record<string, string | undefined> }>("/sandbox/realname", async (request, reply) => {
      reply.type("text/html; charset=utf-8").header("content-security-policy", csp).header("cache-control", "no-store");
      const { ticket = "", name = "", id_number: idNumber = "" } = request.body ?? {};
      const back = safeReturn(request.body?.return);
      if (!back) return reply.code(400).send(page("<h1>Invalid verification link</h1>"));
      try {
        await verifyRealName(platform, { ticket, name, idNumber });
      } catch (err) {
        // Failures send the player back to the store's first step, as the spec's message says.
        const restart = new URL(back);
        restart.searchParams.set("failed", "1");
        return reply
          .code(400)
          .send(
            page(
              `<h1>Verification failed</h1><p class="error" role="alert">${esc(err instanceof Error ? err.message : "request failed")}</p><a class="button" href="${esc(restart.toString())}">Back to the store</a>`,
            ),
          );
      }
      const done = new URL(back);
      done.searchParams.set("done", "1");
      return reply.redirect(done.toString(), 303);
    });
  });
}

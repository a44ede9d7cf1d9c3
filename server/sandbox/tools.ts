// The sandbox's pages beside the API that are not the payment flow: artwork and the Korean pay
// script always; in sandbox mode only, its helpers (tracking events, fresh accounts, make-up links).
import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyReply } from "fastify";
import { PICTURE_WIDTHS } from "../domain/artwork.ts";
import { createReplenishLink, makeUpTarget } from "../domain/replenish.ts";
import { freshAccount, SANDBOX_PASSWORD } from "../domain/seed.ts";
import { accountForToken } from "../domain/sessions.ts";
import { trackingEvents } from "../domain/tracking.ts";
import { platformOf } from "../instance.ts";
import { type ArtKind, artSvg } from "./art.ts";
import { paymentMark } from "./payment-marks.ts";
import { pictureFormat, pictureType, renderPicture } from "./pictures.ts";

const svgReply = (reply: FastifyReply, svg: string) =>
  reply.type("image/svg+xml").header("cache-control", "public, max-age=86400").send(svg);

export async function toolRoutes(scope: FastifyInstance): Promise<void> {
  const platform = platformOf(scope);

  scope.get<{ Params: { kind: string; file: string } }>("/sandbox/art/:kind/:file", async (request, reply) => {
    const { kind, file } = request.params;
    const notFound = () => reply.code(404).send({ code: -404, message: "no such artwork", content: null });
    // `<name>.svg` is the drawing; `<name>-<width>w` the picture a phone gets (games, banners, goods).
    const picture = /^([A-Za-z0-9_.-]{1,80})-(\d{2,4})w$/.exec(file);
    const svgName = /^([A-Za-z0-9_.-]{1,80})\.svg$/.exec(file)?.[1];
    const name = picture?.[1] ?? svgName;
    if (!name || !/^(game|banner|goods|payway)$/.test(kind)) return notFound();
    if (kind === "payway") return svgName ? svgReply(reply, paymentMark(platform.catalog, name)) : notFound();
    const svg = artSvg(kind as ArtKind, name, kind === "game" ? platform.catalog.byGpId.get(Number(name.split("-")[0]))?.name : undefined);
    if (!picture) return svgReply(reply, svg);
    // Only the width its links name: any other would let a caller make the sandbox draw without end.
    if (Number(picture[2]) !== PICTURE_WIDTHS[kind as keyof typeof PICTURE_WIDTHS]) return notFound();
    const format = pictureFormat(request.headers.accept);
    return reply
      .type(pictureType(format))
      .header("vary", "Accept")
      .header("cache-control", "public, max-age=86400")
      .send(await renderPicture(platform.caches.pictures, svg, Number(picture[2]), format));
  });

  // The sandbox's helpers for testers and tools: never in production mode.
  if (platform.mode === "sandbox") await scope.register(helperRoutes);

  // The sandbox stand-in for the Korean-market payment script (WelcomePay card payments on desktop).
  scope.get("/sandbox/kr-pay.js", async (_request, reply) =>
    reply
      .type("text/javascript; charset=utf-8")
      .header("cache-control", "public, max-age=3600")
      .send(
        "window.SandboxKrPay={version:1,pay:function(url){var w=window.open(url,'krpay','width=480,height=720');if(!w){location.href=url}return w}};",
      ),
  );
}

/**
 * The tracking events store, fresh accounts and new make-up links. A make-up link is made only for
 * the brand's make-up target account, or for the signed-in caller's own, so no other player's
 * character or server can be read through it.
 */
async function helperRoutes(scope: FastifyInstance): Promise<void> {
  const platform = platformOf(scope);
  scope.get<{ Querystring: { kind?: string; name?: string; after?: string } }>(
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
    async (request) => ({ code: 1, message: "success", content: { events: await trackingEvents(platform, request.query) } }),
  );

  scope.post<{ Body: { brand: string; kind: "player" | "vip" } }>(
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
      const username = await freshAccount(
        platform.db,
        platform.catalog,
        request.body.brand,
        request.body.kind,
        randomUUID().slice(0, 8),
        platform.now(),
      );
      if (!username) return reply.code(404).send({ code: -404, message: "unknown brand", content: null });
      return { code: 1, message: "success", content: { username, password: SANDBOX_PASSWORD } };
    },
  );

  scope.post<{ Body: { brand: string; username?: string; oauth_token?: string; valid_seconds?: number; product_id?: string } }>(
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
            oauth_token: { type: "string", maxLength: 200 },
            valid_seconds: { type: "integer", minimum: -86400, maximum: 30 * 86400 },
            product_id: { type: "string", maxLength: 64 },
          },
        },
      },
    },
    async (request, reply) => {
      const { brand, valid_seconds: validSeconds = 3600, product_id: productId, oauth_token: token, username } = request.body;
      // Signed in: the caller's own account (a name is then not asked for); otherwise the brand's make-up target.
      const user = token ? await accountForToken(platform.db, platform.caches.sessions, token, platform.now()) : undefined;
      if (token && (!user || (username !== undefined && username !== user.username)))
        return reply.code(404).send({ code: -404, message: "unknown brand or account", content: null });
      const link = await createReplenishLink(platform, {
        brand,
        target: user ? { userId: user.user_id } : { username: username ?? makeUpTarget(brand) },
        validSeconds,
        ...(productId !== undefined ? { productId } : {}),
      });
      if (link === "unknown") return reply.code(404).send({ code: -404, message: "unknown brand or account", content: null });
      if (link === "unfit") return reply.code(400).send({ code: -400, message: "no role or goods for the link", content: null });
      return { code: 1, message: "success", content: link };
    },
  );
}

// The sandbox's real-name verification form (what a real identity provider would host): the
// storefront sends the player here with the ticket of a 6001 answer and a return link on its own host.
import type { FastifyInstance, FastifyReply } from "fastify";
import { storefrontUrl } from "../../core/browser/config/targets.ts";
import { verifyRealName } from "../domain/real-name.ts";
import { platformOf } from "../instance.ts";
import { acceptForms, type FormBody } from "./forms.ts";
import { pages } from "./html.ts";

/** The storefront sends the player here (a page, never a frame). */
const CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

const html = (reply: FastifyReply) =>
  reply.type("text/html; charset=utf-8").header("content-security-policy", CSP).header("cache-control", "no-store");

const INVALID_LINK = { form: false, failed: false } as const;

export async function realNameRoutes(scope: FastifyInstance): Promise<void> {
  const platform = platformOf(scope);
  const hosts = platform.catalog.storefrontHosts;
  const safeReturn = (url: string | undefined) => storefrontUrl(hosts, url)?.toString();

  scope.get<{ Querystring: { ticket?: string; return?: string } }>("/sandbox/realname", async (request, reply) => {
    html(reply);
    const back = safeReturn(request.query.return);
    const ticket = request.query.ticket ?? "";
    if (!back || !/^rn_[A-Za-z0-9_-]{1,60}$/.test(ticket)) return reply.code(400).send(pages.realName(INVALID_LINK));
    return reply.send(pages.realName({ form: { ticket, back }, failed: false }));
  });

  await scope.register(async (forms) => {
    acceptForms(forms);
    forms.post<{ Body: FormBody }>("/sandbox/realname", async (request, reply) => {
      html(reply);
      const { ticket = "", name = "", id_number: idNumber = "" } = request.body ?? {};
      const back = safeReturn(request.body?.return);
      if (!back) return reply.code(400).send(pages.realName(INVALID_LINK));
      try {
        await verifyRealName(platform, { ticket, name, idNumber });
      } catch (err) {
        // Failures send the player back to the store's first step, as the message of -3401 says (docs/api.md#error-codes).
        const restart = new URL(back);
        restart.searchParams.set("failed", "1");
        const reason = err instanceof Error ? err.message : "request failed";
        return reply.code(400).send(pages.realName({ form: false, failed: { reason, restart: restart.toString() } }));
      }
      const done = new URL(back);
      done.searchParams.set("done", "1");
      return reply.redirect(done.toString(), 303);
    });
  });
}

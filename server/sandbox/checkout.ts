// The sandbox payment providers' checkout page per order (Approve / Decline / Leave pending, or the
// method's card or bank step), which notifies the platform as a real provider would and tells the
// store's page the outcome.
import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyReply } from "fastify";
import { hostMap } from "../../core/browser/config/hosts.ts";
import { storefrontUrl } from "../../core/browser/config/targets.ts";
import type { BrandsConfig } from "../../core/browser/config/types.ts";
import { decimalText } from "../../core/browser/money/minor.ts";
import { minorDigits } from "../../core/node/money/currencies.ts";
import { methodById } from "../../core/node/payments/methods.ts";
import { toWire } from "../catalog/money.ts";
import { checkoutExpired, checkoutOrder, signNotification, validCheckoutSignature } from "../domain/checkout.ts";
import { platformOf } from "../instance.ts";
import { checkoutStep, outcomeOf, TEST_CARD_DECLINED } from "./checkout-outcome.ts";
import { acceptForms, type FormBody } from "./forms.ts";
import { newNonce, pages } from "./html.ts";
import { SIGNATURE_HEADER } from "./notify.ts";

/**
 * Storefronts show the checkout in a frame of their own: the order's brand's storefront hosts (any
 * port, the page's scheme) may frame it, and no one else. Without an order, no one.
 */
const csp = (ancestors: string, nonce?: string) =>
  `default-src 'none'; ${nonce ? `script-src 'nonce-${nonce}'; ` : ""}style-src 'unsafe-inline'; form-action 'self' http: https:; frame-ancestors ${ancestors}; base-uri 'none'`;

const html = (reply: FastifyReply, ancestors = "'none'") =>
  reply.type("text/html; charset=utf-8").header("content-security-policy", csp(ancestors)).header("cache-control", "no-store");

/** Each brand's storefront hosts as frame-ancestors sources (bounded by the config). */
function ancestorsByBrand(config: BrandsConfig, preview: boolean): Map<string, string> {
  const byBrand = new Map<string, string[]>();
  for (const [host, { brand }] of Object.entries(hostMap(config, undefined, preview)))
    byBrand.set(brand, [...(byBrand.get(brand) ?? []), `${host}:*`]);
  return new Map([...byBrand].map(([brand, sources]) => [brand, sources.join(" ")]));
}

/** The order's return URL with `billing_no` added, so the store opens that order's result; only to a storefront's page. */
function returnLink(hosts: ReadonlySet<string>, returnUrl: string | null | undefined, billingNo: string): string | undefined {
  const url = storefrontUrl(hosts, returnUrl ?? undefined);
  if (!url) return undefined;
  url.searchParams.set("billing_no", billingNo);
  return url.toString();
}

/** What the checkout link of an order that expired unpaid says (docs/api.md, "Unpaid orders expire"). */
const EXPIRED = {
  title: "Order expired",
  heading: "This order expired",
  text: "Nobody paid it in time, so nothing was charged. Go back to the store to order again.",
};

export async function checkoutRoutes(scope: FastifyInstance): Promise<void> {
  const platform = platformOf(scope);
  const hosts = platform.catalog.storefrontHosts;
  const ancestors = ancestorsByBrand(platform.catalog.config, platform.mode === "sandbox");
  const framers = (order: { brand_id: string }) => ancestors.get(order.brand_id) ?? "'none'";
  const find = async (billingNo: string, sig: unknown) =>
    validCheckoutSignature(platform.secret, billingNo, sig) ? await checkoutOrder(platform.db, billingNo) : undefined;

  scope.get<{ Params: { billingNo: string }; Querystring: { sig?: string } }>("/sandbox/checkout/:billingNo", async (request, reply) => {
    const { billingNo } = request.params;
    const order = await find(billingNo, request.query.sig);
    if (!order) {
      const page = { title: "Payment not found", heading: "Payment not found", text: "This payment link is not valid." };
      return html(reply).code(404).send(pages.checkoutMessage(page));
    }
    html(reply, framers(order));
    if (checkoutExpired(order, platform.now())) return reply.send(pages.checkoutMessage(EXPIRED));
    const method = methodById.get(order.payway_id);
    return reply.send(
      pages.checkout({
        title: `${method?.name ?? "Payment"} checkout`,
        methodName: method?.name ?? "Payment",
        methodLabel: method?.name ?? String(order.payway_id),
        amount: decimalText(order.amount_minor, minorDigits(order.currency)),
        currency: order.currency,
        goods: order.product_name,
        billingNo: order.billing_no,
        settled: order.status === -1 ? false : order.status === 1 ? "approved" : "declined",
        sig: request.query.sig ?? "",
        step: checkoutStep(method?.flow ?? "redirect"),
        declinedCard: TEST_CARD_DECLINED,
      }),
    );
  });

  await scope.register(async (forms) => {
    acceptForms(forms);
    forms.post<{ Params: { billingNo: string }; Body: FormBody }>("/sandbox/checkout/:billingNo", async (request, reply) => {
      const { billingNo } = request.params;
      const outcome = outcomeOf(request.body ?? {});
      const order = await find(billingNo, request.body?.sig);
      html(reply, order ? framers(order) : "'none'");
      if (!order || !outcome) {
        return reply.code(400).send(pages.checkoutMessage({ title: "Payment not found", heading: "Payment not found", text: false }));
      }
      // An order nobody paid in time is not charged here (a provider's own late approval is still honoured).
      if (checkoutExpired(order, platform.now())) return reply.code(409).send(pages.checkoutMessage(EXPIRED));
      if (outcome !== "pending") {
        // The provider tells the platform, as a real one would: a signed server-to-server notification.
        const payload = JSON.stringify({
          event_id: randomUUID(),
          billing_no: billingNo,
          outcome,
          amount: toWire(order.amount_minor, order.currency),
          currency: order.currency,
          provider: String(order.payway_id),
        });
        const res = await forms.inject({
          method: "POST",
          url: "/sandbox/notify",
          headers: { "content-type": "application/json", [SIGNATURE_HEADER]: signNotification(platform.secret, payload) },
          payload,
        });
        if (res.statusCode !== 200) {
          const page = { title: "Payment error", heading: "The store did not accept the payment result", text: false as const };
          return reply.code(502).send(pages.checkoutMessage(page));
        }
      }
      const label = outcome === "approved" ? "Payment approved" : outcome === "declined" ? "Payment declined" : "Payment left pending";
      // The store that framed or opened this page learns the outcome at once; only a storefront's origin may.
      const target = storefrontUrl(hosts, order.request_meta?.return_url ?? undefined)?.origin;
      const nonce = target ? newNonce() : undefined;
      if (nonce) reply.header("content-security-policy", csp(framers(order), nonce));
      return reply.send(
        pages.checkoutResult({
          label,
          back: returnLink(hosts, order.request_meta?.return_url, billingNo) ?? false,
          nonce: nonce ?? false,
          message: { source: "sandbox-checkout", billing_no: order.billing_no, outcome },
          target: target ?? null,
        }),
      );
    });
  });
}

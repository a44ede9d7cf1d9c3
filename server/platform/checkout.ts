// The sandbox payment providers: a checkout page per order (Approve / Decline / Leave pending) that
// tells the store's page the outcome, and signed notifications back to the platform, verified,
// stored, de-duplicated, then applied.
import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { storefrontHosts } from "../../core/config/hosts.ts";
import { methodById } from "../../core/payments/methods.ts";
import { hmac, safeEqual } from "./crypto.ts";
import { forgetOrder } from "./orders.ts";
import { esc, newNonce, scriptValue, storefrontUrl } from "./pages.ts";
import type { Platform } from "./platform.ts";
import { type Outcome, settleOrder } from "./settlement.ts";

export const SIGNATURE_HEADER = "x-sandbox-signature";

const PAGE_STYLE =
  "body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#eef1f5;color:#111827}main{max-width:26rem;margin:0 auto;padding:1.5rem}" +
  ".card{background:#fff;border-radius:16px;padding:1.5rem;box-shadow:0 1px 3px #0002}h1{font-size:1.2rem;margin:0 0 .25rem}" +
  ".amount{font-size:2rem;font-weight:700;margin:.5rem 0;font-variant-numeric:tabular-nums}dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:1rem 0;color:#374151}" +
  "dt{color:#6b7280}dd{margin:0}button{display:block;width:100%;min-height:48px;margin-top:.75rem;border:0;border-radius:12px;font:inherit;font-weight:600;cursor:pointer}" +
  ".ok{background:#15803d;color:#fff}.no{background:#b91c1c;color:#fff}.wait{background:#e5e7eb;color:#111827}.badge{display:inline-block;background:#fef3c7;color:#78350f;border-radius:999px;padding:0 .6rem;font-size:.75rem;font-weight:700}";

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="referrer" content="no-referrer"><title>${esc(title)}</title><style>${PAGE_STYLE}</style></head><body><main>${body}</main></body></html>`;
}

const TEST_CARD_DECLINED = "4000000000000002";

function luhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return number.length >= 12 && sum % 10 === 0;
}

const PENDING_BUTTON = '<button class="wait" name="outcome" value="pending">Leave pending</button>';

/** Each kind of method has its own simulated step: buttons, a bank's 3-D Secure page, a card form. */
function checkoutForm(flow: string, billingNo: string, sig: string): string {
  const open = `<form method="post" action="/sandbox/checkout/${esc(billingNo)}"><input type="hidden" name="sig" value="${sig}">`;
  const field = (name: string, label: string, attrs: string) =>
    `<label style="display:block;margin:.5rem 0">${label}<input name="${name}" ${attrs} style="display:block;width:100%;box-sizing:border-box;min-height:44px;margin-top:.25rem;padding:0 .75rem;border:1px solid #d1d5db;border-radius:10px;font:inherit"></label>`;
  switch (flow) {
    case "airwallexCard":
    case "alipayCard":
    case "krCardScript":
      return `${open}<input type="hidden" name="step" value="card">
${field("card_number", "Card number", 'inputmode="numeric" autocomplete="cc-number" value="4242 4242 4242 4242"')}
${field("expiry", "Expiry (MM/YY)", 'autocomplete="cc-exp" value="12/30"')}
${field("cvc", "CVC", 'inputmode="numeric" autocomplete="cc-csc" value="123"')}
<p style="color:#6b7280;font-size:.875rem">Test cards: any valid number pays; ${TEST_CARD_DECLINED} is declined.</p>
<button class="ok" name="outcome" value="card">Pay</button>${PENDING_BUTTON}</form>`;
    case "airwallexRedirect":
      return `${open}<p>Your bank asks you to confirm this payment (3-D Secure).</p>
<button class="ok" name="outcome" value="approved">Authenticate</button>
<button class="no" name="outcome" value="declined">Fail authentication</button>${PENDING_BUTTON}</form>`;
    case "inGameCard":
      return `${open}<input type="hidden" name="step" value="mycard">
${field("card_number", "MyCard card number", 'autocomplete="off" value="MC0000000001"')}
${field("card_password", "MyCard password", 'type="password" autocomplete="off" value="mycard"')}
<p style="color:#6b7280;font-size:.875rem">Test: the password <b>mycard</b> pays; any other is declined.</p>
<button class="ok" name="outcome" value="card">Redeem card</button>${PENDING_BUTTON}</form>`;
    default:
      return `${open}<button class="ok" name="outcome" value="approved">Approve payment</button>
<button class="no" name="outcome" value="declined">Decline payment</button>${PENDING_BUTTON}</form>`;
  }
}

/** The outcome a submitted checkout form stands for. */
export function outcomeOf(body: Record<string, string | undefined>): "approved" | "declined" | "pending" | undefined {
  const outcome = body.outcome;
  if (outcome === "approved" || outcome === "declined" || outcome === "pending") return outcome;
  if (outcome !== "card") return undefined;
  if (body.step === "mycard")
    return body.card_password === "mycard" && /^[A-Za-z0-9]{6,20}$/.test(body.card_number ?? "") ? "approved" : "declined";
  const number = (body.card_number ?? "").replace(/[\s-]/g, "");
  return /^\d{12,19}$/.test(number) && luhn(number) && number !== TEST_CARD_DECLINED ? "approved" : "declined";
}

/** The order's return URL with `billing_no` added, so the store opens that order's result; only http(s). */
function returnLink(returnUrl: string | null | undefined, billingNo: string): string | undefined {
  try {
    const url = new URL(returnUrl ?? "");
    if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
    url.searchParams.set("billing_no", billingNo);
    return url.toString();
  } catch {
    return undefined;
  }
}

export const signNotification = (secret: string, body: string) => hmac(secret, `notify:${body}`);

interface OrderSummary {
  billing_no: string;
  amount: string;
  currency: string;
  payway_id: number;
  product_name: string;
  status: number;
  request_meta: { return_url?: string | null };
}

export function registerCheckout(app: FastifyInstance, platform: Platform): void {
  const validSig = (billingNo: string, sig: unknown) =>
    typeof sig === "string" && safeEqual(sig, hmac(platform.secret, `checkout:${billingNo}`));
  const find = async (billingNo: string) =>
    (
      await platform.db.query<OrderSummary>(
        "SELECT billing_no, amount::text, currency, payway_id, product_name, status, request_meta FROM orders WHERE billing_no = $1",
        [billingNo],
      )
    )[0];
  const hosts = storefrontHosts(platform.catalog.config);
  // Storefronts show the checkout in a frame of their own, so it stays frameable by them.
  const csp = (nonce?: string) =>
    `default-src 'none'; ${nonce ? `script-src 'nonce-${nonce}'; ` : ""}style-src 'unsafe-inline'; form-action 'self' http: https:; frame-ancestors 'self' http://*.localhost:* https:; base-uri 'none'`;

  app.get<{ Params: { billingNo: string }; Querystring: { sig?: string } }>("/sandbox/checkout/:billingNo", async (request, reply) => {
    const { billingNo } = request.params;
    const order = validSig(billingNo, request.query.sig) ? await find(billingNo) : undefined;
    reply.type("text/html; charset=utf-8").header("content-security-policy", csp()).header("cache-control", "no-store");
    if (!order)
      return reply
        .code(404)
        .send(page("Payment not found", `<div class="card"><h1>Payment not found</h1><p>This payment link is not valid.</p></div>`));
    const method = methodById.get(order.payway_id);
    const done = order.status !== -1;
    const sig = esc(request.query.sig ?? "");
    const body = `<div class="card"><span class="badge">SANDBOX</span><h1>${esc(method?.name ?? "Payment")} checkout</h1>
<div class="amount">${esc(order.amount)} ${esc(order.currency)}</div>
<dl><dt>Goods</dt><dd>${esc(order.product_name)}</dd><dt>Order</dt><dd>${esc(order.billing_no)}</dd><dt>Method</dt><dd>${esc(method?.name ?? String(order.payway_id))}</dd></dl>
${done ? `<p>This payment is already ${order.status === 1 ? "approved" : "declined"}. You can close this page.</p>` : checkoutForm(method?.flow ?? "redirect", billingNo, sig)}</div>`;
    return reply.send(page(`${method?.name ?? "Payment"} checkout`, body));
  });

  app.register(async (scope) => {
    scope.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 4096 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    scope.post<{ Params: { billingNo: string }; Body: Record<string, string | undefined> }>(
      "/sandbox/checkout/:billingNo",
      async (request, reply) => {
        const { billingNo } = request.params;
        const outcome = outcomeOf(request.body ?? {});
        const order = validSig(billingNo, request.body?.sig) ? await find(billingNo) : undefined;
        reply.type("text/html; charset=utf-8").header("content-security-policy", csp()).header("cache-control", "no-store");
        if (!order || !outcome) {
          return reply.code(400).send(page("Payment not found", `<div class="card"><h1>Payment not found</h1></div>`));
        }
        if (outcome !== "pending") {
          // The provider tells the platform, as a real one would: a signed server-to-server notification.
          const payload = JSON.stringify({
            event_id: randomUUID(),
            billing_no: billingNo,
            outcome,
            amount: order.amount,
            currency: order.currency,
            provider: String(order.payway_id),
          });
          const res = await app.inject({
            method: "POST",
            url: "/sandbox/notify",
            headers: { "content-type": "application/json", [SIGNATURE_HEADER]: signNotification(platform.secret, payload) },
            payload,
          });
          if (res.statusCode !== 200)
            return reply
              .code(502)
              .send(page("Payment error", `<div class="card"><h1>The store did not accept the payment result</h1></div>`));
        }
        const label = outcome === "approved" ? "Payment approved" : outcome === "declined" ? "Payment declined" : "Payment left pending";
        const back = returnLink(order.request_meta?.return_url, billingNo);
        const link = back
          ? `<p><a href="${esc(back)}">Return to the store</a></p>`
          : "<p>You can close this page and return to the store.</p>";
        // The store that framed or opened this page learns the outcome at once; only a storefront's origin may.
        const target = storefrontUrl(hosts, order.request_meta?.return_url ?? undefined)?.origin;
        const nonce = target ? newNonce() : undefined;
        const script = nonce
          ? `<script nonce="${nonce}">(function(){var m=${scriptValue({ source: "sandbox-checkout", billing_no: order.billing_no, outcome })},o=${scriptValue(target)};` +
            "if(window.parent!==window)window.parent.postMessage(m,o);else if(window.opener)window.opener.postMessage(m,o)})();</script>"
          : "";
        if (nonce) reply.header("content-security-policy", csp(nonce));
        return reply.send(page(label, `<div class="card"><span class="badge">SANDBOX</span><h1>${label}</h1>${link}</div>${script}`));
      },
    );
  });

  app.register(async (scope) => {
    scope.addContentTypeParser("application/json", { parseAs: "string", bodyLimit: 16 * 1024 }, (_req, body, done) => done(null, body));
    scope.post("/sandbox/notify", async (request, reply) => {
      const raw = typeof request.body === "string" ? request.body : "";
      const signature = request.headers[SIGNATURE_HEADER];
      if (typeof signature !== "string" || !safeEqual(signature, signNotification(platform.secret, raw))) {
        return reply.code(401).send({ code: -401, message: "bad signature", content: null });
      }
      let note: { event_id?: unknown; billing_no?: unknown; outcome?: unknown; provider?: unknown };
      try {
        note = JSON.parse(raw);
      } catch {
        return reply.code(400).send({ code: -400, message: "invalid notification", content: null });
      }
      const { event_id: eventId, billing_no: billingNo, outcome } = note;
      if (typeof eventId !== "string" || typeof billingNo !== "string" || (outcome !== "approved" && outcome !== "declined")) {
        return reply.code(400).send({ code: -400, message: "invalid notification", content: null });
      }
      const applied = await platform.db.transaction(async (tx) => {
        const stored = await tx.query(
          `INSERT INTO payment_notifications (event_id, billing_no, provider, outcome, payload)
           SELECT $1, $2, $3, $4, $5 WHERE EXISTS (SELECT 1 FROM orders WHERE billing_no = $2)
           ON CONFLICT (event_id) DO NOTHING RETURNING event_id`,
          [eventId, billingNo, String(note.provider ?? ""), outcome, raw],
        );
        if (stored.length === 0) return false;
        const changed = await settleOrder(tx, platform, billingNo, outcome as Outcome);
        await tx.query("UPDATE payment_notifications SET applied = $2 WHERE event_id = $1", [eventId, changed]);
        return changed;
      });
      // Again after the commit: a poll that read the old status meanwhile must not keep it.
      forgetOrder(billingNo);
      return { code: 1, message: "success", content: { applied } };
    });
  });
}

// The platform's notification endpoint: a provider's signed server-to-server message of a payment's
// outcome, verified here and applied once by the domain.
import type { FastifyInstance } from "fastify";
import { CODE } from "../../core/browser/generated/api-errors.ts";
import { messageOf } from "../../core/node/contract/contract.ts";
import { applyNotification, signNotification } from "../domain/checkout.ts";
import { safeEqual } from "../domain/crypto.ts";
import { platformOf } from "../instance.ts";

export const SIGNATURE_HEADER = "x-sandbox-signature";

export async function notifyRoutes(scope: FastifyInstance): Promise<void> {
  const platform = platformOf(scope);
  // The signature covers the exact bytes, so the body stays a string until it is verified.
  scope.addContentTypeParser("application/json", { parseAs: "string", bodyLimit: 16 * 1024 }, (_req, body, done) => done(null, body));
  scope.post("/sandbox/notify", async (request, reply) => {
    const raw = typeof request.body === "string" ? request.body : "";
    const signature = request.headers[SIGNATURE_HEADER];
    if (typeof signature !== "string" || !safeEqual(signature, signNotification(platform.secret, raw))) {
      return reply.code(401).send({ code: -401, message: "bad signature", content: null });
    }
    let note: { event_id?: unknown; billing_no?: unknown; outcome?: unknown; provider?: unknown; amount?: unknown; currency?: unknown };
    try {
      note = JSON.parse(raw);
    } catch {
      return reply.code(400).send({ code: -400, message: "invalid notification", content: null });
    }
    const { event_id: eventId, billing_no: billingNo, outcome } = note;
    if (typeof eventId !== "string" || typeof billingNo !== "string" || (outcome !== "approved" && outcome !== "declined")) {
      return reply.code(400).send({ code: -400, message: "invalid notification", content: null });
    }
    const result = await applyNotification(platform, {
      eventId,
      billingNo,
      outcome,
      provider: String(note.provider ?? "").slice(0, 40),
      amount: note.amount,
      currency: note.currency,
      raw,
    });
    if (result.state === "refused") {
      return reply
        .code(409)
        .send({ code: CODE.paymentMismatch, message: messageOf(CODE.paymentMismatch), content: { reason: result.reason } });
    }
    return { code: 1, message: "success", content: { applied: result.state === "applied" } };
  });
}

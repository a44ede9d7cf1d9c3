// The payment-method catalogue (schema/payment-methods.json), shared with the storefront's table.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { PaymentMethod } from "../../runtime/generated/payment-types.ts";

const file = fileURLToPath(new URL("../../schema/payment-methods.json", import.meta.url));
const methods = (JSON.parse(readFileSync(file, "utf8")) as { methods: PaymentMethod[] }).methods;

export const methodById = new Map(methods.map((m) => [m.id, m]));

/** Whether `path` is one of the method's start endpoints. */
export const startsAt = (method: PaymentMethod, path: string) => method.endpoints.start === path || method.endpoints.kr === path;

/** The prepaid-card exchange (PrepaidCard in the catalogue): no pay link, completed by the platform. */
export const CARD_PAYWAY_ID = 12401;

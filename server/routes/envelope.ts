// The envelope every call answers with, {code, message, content} (docs/api.md#platform-api, "Answer"), and its response schema.

import { CODE } from "../../core/browser/generated/api-errors.ts";
import type { CallSpec, JsonSchema } from "../../core/node/contract/contract.ts";

export interface Envelope<T = unknown> {
  code: number;
  message: string;
  content: T | null;
}

export const ok = <T>(content: T, message = "success"): Envelope<T> => ({ code: CODE.success, message, content });

/** What a 6001 answer (not real-name verified) of a sign-in carries: the ticket that lets the player verify. */
const REAL_NAME_TICKET: JsonSchema = {
  type: "object",
  additionalProperties: false,
  required: ["ticket"],
  properties: { ticket: { type: "string" } },
};

/**
 * The schema of a call's HTTP 200 answer. Business errors are answered with 200 too, so `content` is
 * the call's answer, or null, or (for calls that may answer 6001) the real-name ticket. Fastify
 * serializes with it (fast-json-stringify), so it must describe every field an answer carries:
 * the contract's answers allow no others.
 */
export function responseSchema(call: CallSpec, defs: Record<string, JsonSchema>): JsonSchema {
  const answer = resolve(call.response, defs);
  // A type list, not anyOf: the serializer then tells null from an answer without validating it.
  const answerOrNull = { ...answer, type: [answer.type, "null"] };
  const content = call.errors.includes(String(CODE.notRealName))
    ? // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then/else, never awaited.
      { if: { type: "object", required: ["ticket"] }, then: REAL_NAME_TICKET, else: answerOrNull }
    : answerOrNull;
  return {
    type: "object",
    additionalProperties: false,
    required: ["code", "message", "content"],
    properties: { code: { type: "integer" }, message: { type: "string" }, content },
  };
}

/** A call's answer schema with a top-level `$ref` into common.json replaced by its definition. */
function resolve(schema: JsonSchema, defs: Record<string, JsonSchema>): JsonSchema {
  const ref = schema.$ref;
  if (typeof ref !== "string") return schema;
  const name = /^common\.json#\/\$defs\/(\w+)$/.exec(ref)?.[1];
  const def = name ? defs[name] : undefined;
  if (!def) throw new Error(`the contract's answer schema refers to ${ref}, which common.json does not define`);
  return def;
}

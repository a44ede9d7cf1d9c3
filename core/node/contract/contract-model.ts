// The API contract's shape and the rules read off it, without reading it: what the emitters of
// generated types and docs/api.md take as their input (./contract.ts loads it).

export type Auth = "none" | "optional" | "required";
export type JsonSchema = Record<string, unknown>;

export interface CallSpec {
  name: string;
  file: string;
  paths: string[];
  method: "GET" | "POST";
  auth: Auth;
  /** Codes of errors.json this call answers besides -400, -500 and (required login) -600; for the docs and the storefront's authors. */
  errors: string[];
  summary: string;
  /** Changes state and accepts an Idempotency-Key header (calls.schema.json says what the platform promises). */
  idempotent?: boolean;
  request: JsonSchema;
  response: JsonSchema;
}

/** Accepted by every call without being listed: every request carries idfv and spec_lang (docs/api.md). */
export const COMMON_PARAMS: Record<string, JsonSchema> = {
  idfv: { type: "string", maxLength: 128, description: "Device id from the game, else the stored uuid." },
  spec_lang: { type: "string", maxLength: 16, description: "The storefront language." },
  oauth_token: { type: "string", maxLength: 128, description: "Session token when logged in." },
};

export interface Contract {
  common: JsonSchema;
  errors: Record<string, { name: string; message: string }>;
  calls: CallSpec[];
  /** Each contract file's own description (its `description`), by file name. */
  descriptions: Record<string, string>;
}

/** The request schema Fastify validates: the call's own plus the common parameters; unknown ones are dropped. */
export function requestSchema(call: CallSpec): JsonSchema {
  const req = call.request as { properties?: Record<string, JsonSchema>; required?: string[] };
  return { ...call.request, type: "object", additionalProperties: false, properties: { ...COMMON_PARAMS, ...(req.properties ?? {}) } };
}

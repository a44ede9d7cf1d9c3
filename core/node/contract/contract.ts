// The API contract (schema/api/*.json): loaded once, used to register and validate every route.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

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

export const apiDir = fileURLToPath(new URL("../../../schema/api", import.meta.url));

/** Accepted by every call without being listed (spec §7: every request carries idfv and spec_lang). */
export const COMMON_PARAMS: Record<string, JsonSchema> = {
  idfv: { type: "string", maxLength: 128, description: "Device id from the game, else the stored uuid." },
  spec_lang: { type: "string", maxLength: 16, description: "The storefront language." },
  oauth_token: { type: "string", maxLength: 128, description: "Session token when logged in." },
};

const NOT_CALL_FILES = new Set(["common.json", "errors.json", "calls.schema.json"]);

export interface Contract {
  common: JsonSchema;
  errors: Record<string, { name: string; message: string }>;
  calls: CallSpec[];
}

let cached: Contract | undefined;

export function loadContract(): Contract {
  if (cached) return cached;
  const read = (f: string) => JSON.parse(readFileSync(join(apiDir, f), "utf8"));
  const calls: CallSpec[] = [];
  for (const file of readdirSync(apiDir)
    .filter((f) => f.endsWith(".json") && !NOT_CALL_FILES.has(f))
    .sort()) {
    const doc = read(file) as { calls: Record<string, Omit<CallSpec, "name" | "file">> };
    for (const [name, call] of Object.entries(doc.calls)) calls.push({ name, file, ...call });
  }
  cached = { common: read("common.json"), errors: read("errors.json").codes, calls };
  return cached;
}

/** The request schema Fastify validates: the call's own plus the common parameters; unknown ones are dropped. */
export function requestSchema(call: CallSpec): JsonSchema {
  const req = call.request as { properties?: Record<string, JsonSchema>; required?: string[] };
  return { ...call.request, type: "object", additionalProperties: false, properties: { ...COMMON_PARAMS, ...(req.properties ?? {}) } };
}

/** message of an error code from errors.json */
export function messageOf(code: number): string {
  return loadContract().errors[String(code)]?.message ?? "error";
}

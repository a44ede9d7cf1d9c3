// Types of the platform API, generated from schema/api/ (the same files the server validates with):
// one Request and one Response type per call, and a map of every call's paths and method.
import { compile } from "json-schema-to-typescript";
import { COMMON_PARAMS, type Contract } from "../../core/node/contract/contract-model.ts";
import { type EmittedFile, GENERATED_HEADER, literal } from "./file.ts";

type Json = Record<string, unknown>;
const pascal = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Points every cross-file reference at a local definition, so one document holds everything. */
function localRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(localRefs);
  if (typeof node !== "object" || node === null) return node;
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) {
    out[k] = k === "$ref" && typeof v === "string" ? v.replace(/^common\.json#/, "#") : localRefs(v);
  }
  return out;
}

export async function emitApiTypes(contract: Contract): Promise<EmittedFile[]> {
  const { common, calls, errors } = contract;
  const defs: Json = { ...((common.$defs as Json) ?? {}) };
  const aliases: string[] = [];
  // json-schema-to-typescript names a referenced definition by its title (else its key).
  const refTitle = (ref: string) => {
    const key = ref.split("/").pop() ?? "";
    return ((defs[key] as Json | undefined)?.title as string | undefined) ?? key;
  };
  for (const call of calls) {
    const req = call.request as { properties?: Json };
    defs[`${pascal(call.name)}Request`] = {
      ...call.request,
      title: `${pascal(call.name)}Request`,
      additionalProperties: false,
      properties: { ...COMMON_PARAMS, ...(req.properties ?? {}) },
    };
    const ref = (call.response as { $ref?: string }).$ref;
    if (ref) aliases.push(`export type ${pascal(call.name)}Response = ${refTitle(ref)};`);
    else defs[`${pascal(call.name)}Response`] = { ...call.response, title: `${pascal(call.name)}Response` };
  }
  const root = localRefs({ title: "PlatformApi", type: "object", $defs: defs, properties: {} });
  const types = await compile(root as never, "PlatformApi", {
    bannerComment: "",
    format: false,
    additionalProperties: false,
    unreachableDefinitions: true,
    declareExternallyReferenced: true,
  });
  const map = Object.fromEntries(
    calls.map((c) => [c.name, { paths: c.paths, method: c.method, ...(c.idempotent ? { idempotent: true } : {}) }]),
  );
  const callTypes = calls.map((c) => `  ${c.name}: { request: ${pascal(c.name)}Request; response: ${pascal(c.name)}Response };`).join("\n");
  return [
    {
      path: "api-types.ts",
      contents: `${GENERATED_HEADER}${types}\n${aliases.join("\n")}\n\n/** Every call's request and response. */\nexport interface ApiCalls {\n${callTypes}\n}\n\nexport type CallName = keyof ApiCalls;\n`,
    },
    {
      path: "api-errors.ts",
      contents:
        `${GENERATED_HEADER}/** Every code the platform answers with, by name (schema/api/errors.json). */\n` +
        `export const CODE = ${literal(Object.fromEntries(Object.entries(errors).map(([code, e]) => [e.name, Number(code)])))} as const;\n\n` +
        `export type CodeName = keyof typeof CODE;\n`,
    },
    {
      path: "api-calls.ts",
      contents:
        `${GENERATED_HEADER}import type { CallName } from "./api-types.ts";\n\n` +
        `/** Paths and method of every platform call, and whether it takes an Idempotency-Key (schema/api/; the login need is the platform's to check). */\n` +
        `export const apiCalls: Record<CallName, { paths: string[]; method: "GET" | "POST"; idempotent?: true }> = ${literal(map)};\n`,
    },
  ];
}

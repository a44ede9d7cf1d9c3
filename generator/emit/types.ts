// Config types from the schema (json-schema-to-typescript). They describe the config *after*
// defaults are applied, which is what brand modules hold: a property with a default is required.
import { compile } from "json-schema-to-typescript";
import { type EmittedFile, GENERATED_HEADER } from "./file.ts";

type Json = Record<string, unknown>;

function requireDefaults(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(requireDefaults);
  if (typeof node !== "object" || node === null) return node;
  // A $ref with sibling annotations makes json-schema-to-typescript mint a near-copy type
  // (Host1, Link1…); the referenced definition already names and documents the type.
  if ("$ref" in node) return { $ref: (node as Json).$ref };
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) out[k] = requireDefaults(v);
  const props = out.properties as Json | undefined;
  if (props) {
    const withDefault = Object.entries(props)
      .filter(([, p]) => typeof p === "object" && p !== null && "default" in p)
      .map(([k]) => k);
    const required = new Set([...((out.required as string[]) ?? []), ...withDefault]);
    if (required.size) out.required = [...required].sort();
  }
  return out;
}

export async function emitConfigTypes(brandsSchema: Json, paymentSchema: Json): Promise<EmittedFile[]> {
  const options = {
    bannerComment: "",
    format: false,
    additionalProperties: false,
    unreachableDefinitions: true,
    strictIndexSignatures: true,
    declareExternallyReferenced: true,
  } as const;
  const config = await compile(requireDefaults(brandsSchema) as never, "BrandsConfig", options);
  const payments = await compile(requireDefaults(paymentSchema) as never, "PaymentMethodCatalogue", options);
  return [
    { path: "config-types.ts", contents: `${GENERATED_HEADER}/* eslint-disable */\n${config}` },
    { path: "payment-types.ts", contents: `${GENERATED_HEADER}${payments}` },
  ];
}

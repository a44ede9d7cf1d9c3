// The catalogue of diagnostics (./catalogue.ts), its last part: what `gen validate --strict` adds
// before a deploy.
import { type CatalogueEntry, entry } from "./catalogue-entry.ts";

export const STRICT_DIAGNOSTICS = {
  "todo-marker": entry({
    severity: "error",
    title: "A `# TODO` left by `gen new-brand` (strict mode).",
    hint: "Replace the value with the publisher's real one and delete the TODO comment.",
    why: "A TODO marks a placeholder: deploying it would send players and payments to `.example` hosts. A TODO on the line of a value that is itself a placeholder is reported once, as that `placeholder-value`.",
    fix: "Set the real value, remove the comment.",
    example: "privacy: https://nova.example/privacy  # TODO: the publisher's real value\n",
    strict: true,
  }),
  "placeholder-value": entry({
    severity: "error",
    title: "A value that is still a placeholder (strict mode).",
    hint: "Use the publisher's real value; .example, .test and .invalid never resolve.",
    why: "Reserved names (RFC 2606) never reach a server, and ids nobody issued (all zeros, `your-client-id`, `gen new-brand`'s `<id>-web-placeholder`) sign nobody in: a deployed store would call nowhere, or show a placeholder address in its legal notice.",
    fix: "Replace it with the real value: hosts, origins, links and addresses on the publisher's domain; client, app, package and bundle ids as the provider or the platform issued them; the seller's real address in a Japanese notice.",
    example:
      'huaweiClientId: "000000000"\napi:\n  production:\n    primary: https://api.nova.example\nlogin:\n  google: { clientId: your-client-id, package: com.example.nova }\n',
    strict: true,
  }),
} as const satisfies Record<string, CatalogueEntry>;

// docs/api.md from the API contract (schema/api/): every call's method, paths, login need,
// parameters, answer and error codes, the shared types, and every error code.
import { type CallSpec, COMMON_PARAMS, type Contract } from "../../core/node/contract/contract-model.ts";
import { allowedOf, resolver, type SchemaNode } from "./docs-brands.ts";
import { code, GENERATED_MD, prose, table } from "./markdown.ts";

type Resolved = SchemaNode & { refTitle?: string; refNode?: SchemaNode };

const AUTH: Record<CallSpec["auth"], string> = {
  none: "not needed",
  optional: "optional (`oauth_token` is used when valid)",
  required: "required (`oauth_token`; -600 without a valid one)",
};

interface Row {
  path: string;
  node: SchemaNode;
  required: boolean;
}

export function emitApiReference(contract: Contract): string {
  const defs = (contract.common.$defs ?? {}) as Record<string, SchemaNode>;
  const defKey = (ref: string) => /^(?:common\.json)?#\/\$defs\/(.+)$/.exec(ref)?.[1];
  const resolve = resolver((ref) => {
    const key = defKey(ref);
    return key ? defs[key] : undefined;
  }) as (n: SchemaNode) => Resolved;
  const isObject = (n: SchemaNode) => n.type === "object" || Boolean(n.properties);
  /** Shared object types get their own section; fields link to it instead of repeating it. */
  const sharedObject = (n: SchemaNode) => {
    const key = n.$ref ? defKey(n.$ref) : undefined;
    return key && defs[key] && isObject(defs[key]) ? key : undefined;
  };
  const typeLink = (key: string) => `[${defs[key]?.title ?? key}](#type-${key.toLowerCase()})`;

  const typeOf = (node: SchemaNode): string => {
    const shared = sharedObject(node);
    if (shared) return typeLink(shared);
    const n = resolve(node);
    if (n.type === "array" && n.items) return `list of ${typeOf(n.items)}`;
    if (isObject(n)) {
      const value = typeof n.additionalProperties === "object" ? n.additionalProperties : undefined;
      if (value && !n.properties) return `map of ${typeOf(value)}`;
      return "object";
    }
    const base = Array.isArray(n.type) ? n.type.join(" or ") : (n.type ?? (n.enum ? "enum" : "any"));
    return n.refTitle ? `${base} (${n.refTitle})` : base;
  };

  /** An object's fields, nested objects and lists of objects flattened into dotted paths. */
  const rows = (node: SchemaNode, prefix = ""): Row[] => {
    const n = resolve(node);
    const required = new Set(n.required ?? []);
    return Object.entries(n.properties ?? {}).flatMap(([name, child]) => {
      const path = `${prefix}${name}`;
      const own: Row = { path, node: child, required: required.has(name) };
      if (sharedObject(child)) return [own];
      const c = resolve(child);
      if (isObject(c) && c.properties) return [own, ...rows(c, `${path}.`)];
      if (c.type === "array" && c.items && !sharedObject(c.items) && resolve(c.items).properties) {
        return [own, ...rows(c.items, `${path}[].`)];
      }
      const value = typeof c.additionalProperties === "object" ? c.additionalProperties : undefined;
      if (value && !sharedObject(value) && resolve(value).properties) return [own, ...rows(value, `${path}.<key>.`)];
      return [own];
    });
  };

  const descriptionText = (node: SchemaNode) => prose(node.description ?? resolve(node).description ?? "");
  const fieldTable = (list: Row[], withAllowed: boolean) =>
    withAllowed
      ? table(
          ["Name", "Type", "Required", "Allowed values", "Description"],
          list.map((r) => [
            code(r.path),
            typeOf(r.node),
            r.required ? "yes" : "",
            allowedOf(r.node, resolve).join("; "),
            descriptionText(r.node),
          ]),
        )
      : table(
          ["Field", "Type", "Required", "Description"],
          list.map((r) => [code(r.path), typeOf(r.node), r.required ? "yes" : "", descriptionText(r.node)]),
        );

  const errors = contract.errors;
  const errorLine = (c: string) => `${code(c)} ${errors[c]?.name ?? "?"}: ${errors[c]?.message ?? ""}`;
  const byFile = new Map<string, CallSpec[]>();
  for (const call of contract.calls) byFile.set(call.file, [...(byFile.get(call.file) ?? []), call]);
  const fileDescription = (file: string) => (contract.descriptions[file] ?? file).split(". ")[0]?.replace(/\.$/, "") ?? file;
  const anchorOf = (call: CallSpec) => `call-${call.name.toLowerCase()}`;

  const parts: string[] = [
    GENERATED_MD("schema/api/"),
    "# Platform API",
    "",
    "The calls the storefront makes to the platform, generated from the contract in `schema/api/` — the same JSON",
    "Schemas the sandbox platform validates requests with and the storefront's API types are generated from.",
    "",
    "- **Where**: the brand's API origin (`api.production.primary` or `api.demo.primary` in `brands.yaml`, then the",
    "  backups); on the preview hosts `<id>.localhost` the page's own origin, the sandbox platform.",
    "- **Parameters**: GET calls take them in the query string, POST calls as a JSON body. Every call also accepts",
    `  ${Object.entries(COMMON_PARAMS)
      .map(([k, v]) => `${code(k)} (${v.description?.toString().replace(/\.$/, "").toLowerCase()})`)
      .join(", ")}.`,
    "  Unknown parameters are dropped.",
    "- **Answer**: always the envelope `{code, message, content}`. `code` 1 is success and `content` holds the answer",
    "  described below; any other code is an error with `content` null (or the data the code names) and `message` a",
    "  text for the player.",
    `- **Errors of every call**: ${errorLine("-400")} (HTTP 400, parameters that do not match the schema);`,
    `  ${errorLine("-500")} (HTTP 500). Business errors are answered with HTTP 200. All codes: [Error codes](#error-codes).`,
    "- **Idempotency-Key**: the calls marked *Idempotent* change state and accept an `Idempotency-Key` header: see",
    "  [Idempotency](#idempotency).",
    "",
    "### Idempotency",
    "",
    "The calls marked *Idempotent* change state and accept an `Idempotency-Key` header (1 to 128 of",
    "`A-Z a-z 0-9 _ . : -`). The storefront makes one key per player action and sends it with every retry and backup",
    "host. The platform keeps a key 24 hours per call and per caller: the same key with the same parameters answers",
    "the first answer again (a business error included) with no second effect; the same key with other parameters",
    `answers ${errorLine("-409")}. The effect and the stored answer commit in one transaction, so a failure that`,
    "stores no answer has no effect either and the retry runs again. Without the header a call runs as sent.",
    "",
    "- **Whose keys**: a session's (its `oauth_token`); without a session, what the call acts on: a real-name",
    "  `ticket` (its holder's alone), or a make-up link (`replenish_id`) together with the address it is paid from,",
    "  since a link is shared and two payers are two callers; else the caller's address. One caller's key never",
    "  answers another caller's call.",
    "- **Checks before the transaction**: a call that checks a password (`card_pay`) checks it, and counts the",
    "  attempt, before the transaction that records the answer: a wrong password is counted in a statement of its",
    "  own, and the refusal kept for the key repeats its answer without counting again or giving the attempt back.",
    "",
    "### Unpaid orders expire",
    "",
    "An order nobody pays within **30 minutes** (by the platform's clock; **24 hours** for a bank payment, a",
    "transfer or a bank slip paid away from the checkout) expires: its status becomes `-2`, its",
    "history gains an `expired` event and `orderInfo` an `expired_at`; the coupon it held, its count against the",
    "goods' purchase limit and the one-unpaid-order slot of its goods and character are given back, and its checkout",
    "link says the order expired. While unpaid, `orderInfo` gives its `expires_at`. A payment the provider approves",
    "after the order expired is honoured: the order is paid at the amount it was created with, its coupon is spent",
    "then if still unused, and its discount stands if another order has taken the coupon since. A prepaid-card",
    "exchange, which the platform completes itself, never expires. A make-up payment takes no coupon (`-3062`), and",
    "its Repeat answer (status 10) is only ever an unpaid order of the same link. The same goods again while its",
    "order is unpaid answers that order (status 10) before any coupon or purchase limit is weighed; an unpaid order",
    "of the other side (a link's, for the player; the player's own, for a link) holds its share of the goods' limit.",
    "A Repeat answer's `url`, like `orderInfo`'s `pay_url`, is made for the host the caller called.",
    "",
    "### Tracking",
    "",
    "`trackDot` and `trackApi` take anyone's events, within bounds: an event is at most 4,096 bytes of JSON",
    `(${code("-400")} otherwise); one client (an address, an IPv6 /64 counting as one) may store 120 a minute, and`,
    `all clients together 6,000 a minute in all (${code("-429")} beyond); events are kept 7 days by the platform's`,
    "clock, then swept.",
    "",
    "### Hosts",
    "",
    "The `Host` header (and `X-Forwarded-Host` from a proxy the platform trusts) must be `name[:port]` or",
    `\`[IPv6][:port]\`: anything else is refused with HTTP 400 and ${code("-400")} before anything else. On the`,
    `platform's paths only its own hosts are answered (${code("-421")} otherwise). Every link the platform writes`,
    "(checkout pages, artwork, sign-in pages) is built from that validated host, the port it was reached on and the",
    "scheme it came by. A platform in production mode (`PLATFORM_MODE=production`) does not count the brands'",
    "`<id>.localhost` preview hosts as storefront hosts: its CORS, return URLs, callbacks and links refuse them.",
    "",
    "## Contents",
    "",
  ];
  for (const [file, calls] of byFile) {
    parts.push(`- ${prose(fileDescription(file))} (${code(`schema/api/${file}`)})`);
    for (const call of calls) parts.push(`  - [${call.name}](#${anchorOf(call)}) — ${code(`${call.method} ${call.paths[0]}`)}`);
  }
  parts.push("- [Shared types](#shared-types)", "- [Error codes](#error-codes)");

  for (const [file, calls] of byFile) {
    parts.push("", `## ${prose(fileDescription(file))}`, "", `From ${code(`schema/api/${file}`)}.`);
    for (const call of calls) {
      parts.push("", `<a id="${anchorOf(call)}"></a>`, "", `### ${call.name}`, "", prose(call.summary), "");
      parts.push(
        call.paths.length === 1
          ? `- **${call.method}** ${code(call.paths[0] ?? "")}`
          : `- **${call.method}** on any of: ${call.paths.map((p) => code(p)).join(", ")}`,
        `- **Login**: ${AUTH[call.auth]}`,
        ...(call.idempotent ? ["- **Idempotent**: send an `Idempotency-Key` header; a repeat answers the first answer (see above)"] : []),
      );
      const request = rows(call.request);
      parts.push("", `**Parameters** (${call.method === "GET" ? "query string" : "JSON body"})`, "");
      parts.push(request.length ? fieldTable(request, true) : "None besides the common ones.");
      const shared = sharedObject(call.response as SchemaNode);
      parts.push("", "**Answer** (`content`)", "");
      if (shared) parts.push(`A ${typeLink(shared)}.`);
      else {
        const answer = rows(call.response as SchemaNode);
        parts.push(answer.length ? fieldTable(answer, false) : "Nothing (`content` is null or an empty object).");
      }
      const own = call.errors ?? [];
      const codes = [...(call.auth === "required" ? ["-600"] : []), ...own.filter((c) => c !== "-600")];
      parts.push("", "**Errors**", "");
      parts.push(codes.length ? codes.map((c) => `- ${errorLine(c)}`).join("\n") : "Only those of every call.");
    }
  }

  parts.push("", "## Shared types", "", "Objects several calls answer with, from `schema/api/common.json`.");
  for (const [key, def] of Object.entries(defs)) {
    if (!isObject(def) || key === "Envelope") continue;
    parts.push("", `<a id="type-${key.toLowerCase()}"></a>`, "", `### ${def.title ?? key}`, "");
    if (def.description) parts.push(prose(def.description), "");
    parts.push(fieldTable(rows(def), false));
  }

  parts.push("", "## Error codes", "", "Every code of `schema/api/errors.json`. What the storefront does for each is spec §8.", "");
  parts.push(
    table(
      ["Code", "Name", "Message"],
      Object.entries(errors).map(([c, e]) => [code(c), e.name, e.message]),
    ),
  );
  return `${parts.join("\n")}\n`;
}

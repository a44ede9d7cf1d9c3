// The checks that keep live traffic on production: a brand's production hosts and its production
// platform, backup and tracking origins, by the one rule of ./production-names.ts, against every
// brand's demo origins, and against the other brands' production origins (./semantic-pass.ts runs
// them through ./brand-checks.ts).
import { previewHosts } from "../../browser/config/hosts.ts";
import { clip, type Diagnostic } from "./diagnostics.ts";
import { joinPointer, type SourceFile } from "./load.ts";
import { arr, isObj, type Loose, obj, str } from "./loose.ts";
import { describeProblem, productionNameProblem, runsAsDemo } from "./production-names.ts";
import { brandsSchema } from "./schema-pass.ts";

const defs = (brandsSchema as { $defs: Record<string, { pattern?: string }> }).$defs;
/** What the schema accepts as a host and an origin: a value it refuses is its error alone. */
const HOST = new RegExp(defs.host?.pattern ?? "^$");
const API_ORIGIN = new RegExp(defs.apiOrigin?.pattern ?? "^$");

interface OriginOwner {
  brand: string;
  pointer: string;
}

/** Every brand's demo origins and production origins, by origin, with the first brand that has each. */
export interface OriginIndex {
  demo: ReadonlyMap<string, OriginOwner>;
  production: ReadonlyMap<string, OriginOwner>;
  /** Per brand id, the brands it says it shares production origins with (`api.sharedWith`). */
  sharedWith: ReadonlyMap<string, ReadonlySet<string>>;
}

export interface ProductionContext {
  source: SourceFile;
  at: (...seg: (string | number)[]) => string;
  id: string;
  origins: OriginIndex;
  /** `file:line:col` of a pointer, to name where the other use is. */
  where: (pointer: string) => string;
}

/** A mode's origins (primary, each backup, tracking) with the path of each under `api.<mode>`. */
function originsOf(api: unknown, mode: "production" | "demo"): { path: (string | number)[]; origin: string }[] {
  const hosts = obj(obj(api)[mode]);
  const listed: [(string | number)[], unknown][] = [
    [["primary"], hosts.primary],
    ...arr(hosts.backup).map((b, j): [(string | number)[], unknown] => [["backup", j], b]),
    [["tracking"], hosts.tracking],
  ];
  return listed.flatMap(([path, value]) => {
    const origin = str(value);
    return origin && API_ORIGIN.test(origin) ? [{ path: ["api", mode, ...path], origin: new URL(origin).origin }] : [];
  });
}

export function originIndex(brands: readonly unknown[]): OriginIndex {
  const demo = new Map<string, OriginOwner>();
  const production = new Map<string, OriginOwner>();
  const sharedWith = new Map<string, Set<string>>();
  brands.forEach((raw, i) => {
    const id = isObj(raw) ? str(raw.id) : undefined;
    if (!isObj(raw) || !id) return;
    const api = obj(raw.api);
    sharedWith.set(id, new Set(arr(api.sharedWith).filter((b): b is string => typeof b === "string")));
    for (const [mode, owners] of [
      ["demo", demo],
      ["production", production],
    ] as const) {
      for (const { path, origin } of originsOf(api, mode))
        if (!owners.has(origin)) owners.set(origin, { brand: id, pointer: joinPointer("brands", i, ...path) });
    }
  });
  return { demo, production, sharedWith };
}

export function productionHostChecks(raw: Loose, { source, at }: ProductionContext): Diagnostic[] {
  const out: Diagnostic[] = [];
  arr(obj(raw.hosts).production).forEach((h, j) => {
    const host = str(h);
    // A host the schema refuses (`[::1]`) is reported once, as bad-format.
    if (!host || !HOST.test(host)) return;
    const pointer = at("hosts", "production", j);
    const problem = productionNameProblem(host);
    if (problem && problem.kind !== "label") {
      const preview = previewHosts(str(raw.id) ?? "id").production;
      out.push(
        source.diag("loopback-host-in-production", pointer, `production host '${host}' is ${describeProblem(problem)}, never the store`, {
          hint: `use the brand's public host; ${preview} is already served for local preview`,
        }),
      );
    } else if (runsAsDemo(host)) {
      out.push(
        source.diag(
          "demo-host-in-production",
          pointer,
          `production host '${host}' contains 'demo': the storefront runs it as a demo store, and real players' calls would go to the demo platform`,
        ),
      );
    } else if (problem) {
      out.push(
        source.diag("demo-host-in-production", pointer, `production host '${host}' names ${describeProblem(problem)}`, {
          hint: "use the brand's public production host; a host for trying the store goes under hosts.demo, with 'demo' in its name",
        }),
      );
    }
  });
  return out;
}

/** The problems of one production origin: where it leads, whether it is a demo origin, plain http. */
function originProblems(origin: string, pointer: string, { source, origins, where, id }: ProductionContext): Diagnostic[] {
  const shown = clip(origin);
  const problem = productionNameProblem(new URL(origin).hostname);
  // Loopback or private first: over https it would be no better, so that is the one thing to report.
  if (problem && problem.kind !== "label") {
    return [
      source.diag(
        "loopback-host-in-production",
        pointer,
        `production origin '${shown}' is ${describeProblem(problem)}, never the platform`,
        {
          hint: "use the platform's public origin; on the preview hosts the storefront calls the sandbox by itself",
        },
      ),
    ];
  }
  const out: Diagnostic[] = [];
  const demoOwner = origins.demo.get(origin);
  if (problem) {
    out.push(
      source.diag(
        "demo-origin-in-production",
        pointer,
        `production origin '${shown}' is ${describeProblem(problem)}: paying players would reach a platform that is not the real one`,
      ),
    );
  } else if (demoOwner) {
    const who = demoOwner.brand === id ? "this brand" : `brand '${demoOwner.brand}'`;
    out.push(
      source.diag(
        "demo-origin-in-production",
        pointer,
        `production origin '${shown}' is ${who}'s demo origin (${where(demoOwner.pointer)})`,
      ),
    );
  }
  if (origin.startsWith("http://")) {
    out.push(
      source.diag("insecure-origin", pointer, `production origin '${shown}' is plain http`, {
        hint: `use '${clip(origin.replace(/^http:/, "https:"))}': browsers block http calls from a store served over HTTPS`,
      }),
    );
  }
  return out;
}

/** A production origin another brand uses too, unless one of the two says it shares it (`api.sharedWith`). */
function sharedOrigin(origin: string, pointer: string, { source, origins, where, id }: ProductionContext): Diagnostic[] {
  const owner = origins.production.get(origin);
  if (!owner || owner.brand === id) return [];
  const meant = origins.sharedWith.get(id)?.has(owner.brand) || origins.sharedWith.get(owner.brand)?.has(id);
  if (meant) return [];
  return [
    source.diag(
      "shared-production-origin",
      pointer,
      `production origin '${clip(origin)}' is brand '${owner.brand}'s too (${where(owner.pointer)})`,
      {
        hint: `if the two brands share this platform on purpose, add '${owner.brand}' to api.sharedWith; otherwise use this brand's own origin`,
      },
    ),
  ];
}

export function productionOriginChecks(raw: Loose, ctx: ProductionContext): Diagnostic[] {
  return originsOf(raw.api, "production").flatMap(({ path, origin }) => {
    const pointer = ctx.at(...path);
    const problems = originProblems(origin, pointer, ctx);
    return problems.length ? problems : sharedOrigin(origin, pointer, ctx);
  });
}

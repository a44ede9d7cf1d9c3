// Whether a host name can be a production one: the one rule `gen validate` applies to production
// hosts and to production platform, backup and tracking origins, and `gen new-brand` to the hosts
// typed at its prompt. A production name that reaches a demo, sandbox, staging or test system, the
// player's own device or a private network sends paying players somewhere that is not the store.
import { canonicalHost, isLoopbackHost, modeForHost } from "../../browser/config/hosts.ts";

/** Words that name a system other than production, as a DNS label or a `-`-separated part of one. */
export const NON_PRODUCTION_WORDS = ["demo", "sandbox", "staging", "test"] as const;

export type NonProductionWord = (typeof NON_PRODUCTION_WORDS)[number];

export type ProductionNameProblem =
  /** `localhost`, 127.x, ::1, 0.0.0.0: the player's own device. */
  | { kind: "loopback" }
  /** RFC 1918, link-local and shared (CGNAT) IPv4 addresses, and private-use names. */
  | { kind: "private" }
  /** A demo, sandbox, staging or test label (`api-demo`, `staging-api`, `sandbox`, `test2`). */
  | { kind: "label"; word: NonProductionWord; label: string };

/** Private-use names: mDNS (`.local`), ICANN's `.internal` and home networks (RFC 8375). */
const PRIVATE_NAME = /(^|\.)(local|internal|home\.arpa)$/;

function isPrivateIpv4(host: string): boolean {
  const parts = /^(\d+)\.(\d+)\.\d+\.\d+$/.exec(host);
  if (!parts) return false;
  const [a, b] = [Number(parts[1]), Number(parts[2])];
  return (
    a === 10 ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 169 && b === 254) ||
    (a === 100 && b >= 64 && b <= 127)
  );
}

/**
 * The label of `host` that names a non-production system, if any. The top-level label is left out:
 * `.test` is a reserved name, which `gen validate --strict` reports as a placeholder. A word counts
 * as a whole label or a `-`-separated part of one, with digits after it (`demo2`): `api-demo` and
 * `staging-api` do, `contest` and `demolition` do not.
 */
export function nonProductionLabel(host: string): { word: NonProductionWord; label: string } | undefined {
  const labels = canonicalHost(host).split(".");
  for (const label of labels.slice(0, -1)) {
    for (const part of label.split("-")) {
      const word = NON_PRODUCTION_WORDS.find((w) => part.replace(/\d+$/, "") === w);
      if (word) return { word, label };
    }
  }
  return undefined;
}

/** Why `host` (a host name, or an origin's hostname) cannot serve production, or undefined when it can. */
export function productionNameProblem(host: string): ProductionNameProblem | undefined {
  if (isLoopbackHost(host)) return { kind: "loopback" };
  const canonical = canonicalHost(host);
  if (isPrivateIpv4(canonical) || PRIVATE_NAME.test(canonical)) return { kind: "private" };
  const found = nonProductionLabel(host);
  return found ? { kind: "label", ...found } : undefined;
}

/** The storefront runs a host in demo mode when its name contains 'demo' anywhere (docs/operators.md). */
export const runsAsDemo = (host: string) => modeForHost(host) === "demo";

/** What a problem means for a player, for messages: "the player's own device", "a private network". */
export function describeProblem(problem: ProductionNameProblem): string {
  if (problem.kind === "loopback") return "the player's own device";
  if (problem.kind === "private") return "a private network address, which players cannot reach";
  return `a ${problem.word} system ('${problem.word}' in '${problem.label}')`;
}

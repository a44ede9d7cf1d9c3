// `gen diff <base> [file]`: the config compiled twice through the one pipeline (generator/compile.ts),
// the working file and the base, with one bundle of the runtime for both (it does not depend on
// the config), compared (./compare.ts) and printed (./render.ts). Exit 0, or 1 when a side is
// invalid or, with `--fail-on risky`, when a change is risky; a base that cannot be read is a
// usage error (exit 2, ./base.ts).
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Format } from "../../core/node/config/diagnostics.ts";
import { formatValidation } from "../../core/node/config/validate.ts";
import { bundleRuntime } from "../bundle/runtime.ts";
import { type Compilation, compile } from "../compile.ts";
import type { Io } from "../io.ts";
import type { BundleInfo } from "../model.ts";
import { resolveBase } from "./base.ts";
import { compareCompilations } from "./compare.ts";
import { type DiffFormat, renderDiff } from "./render.ts";

export interface DiffOptions {
  format: DiffFormat;
  failOn?: "risky";
}

/** What the command reaches outside: the runtime's bundle (a test gives a stand-in). */
export interface DiffDeps {
  bundle: () => Promise<BundleInfo>;
}

/** One Vite build of the runtime into a folder of its own, hashed and thrown away: the pages' bytes are measured with it. */
async function bundleOnce(): Promise<BundleInfo> {
  const out = await mkdtemp(join(tmpdir(), "gen-diff-bundle-"));
  try {
    return await bundleRuntime(join(out, "app"));
  } finally {
    await rm(out, { recursive: true, force: true });
  }
}

/** A side that cannot be compared: its diagnostics or problems on stderr, and why. */
function invalid(io: Io, name: string, compilation: Compilation, color: boolean): boolean {
  if (!compilation.validation.config) {
    io.err(formatValidation(compilation.validation, "text" satisfies Format, color));
    io.err(`gen diff: the ${name} (${compilation.file}) is invalid: nothing to compare.\n`);
    return true;
  }
  if (compilation.problems.length) {
    for (const problem of compilation.problems) io.err(`gen diff: the ${name}: ${problem}\n`);
    return true;
  }
  return false;
}

export async function runDiff(
  file: string,
  baseName: string,
  opts: DiffOptions,
  io: Io,
  deps: DiffDeps = { bundle: bundleOnce },
  color = false,
): Promise<number> {
  const base = await resolveBase(baseName, file);
  try {
    // One bundle for both sides, made once the base is known to exist.
    let bundle: Promise<BundleInfo> | undefined;
    const site = { bundle: () => (bundle ??= deps.bundle()) };
    const [baseCompiled, headCompiled] = await Promise.all([compile(base.file, { site }), compile(file, { site })]);
    if (invalid(io, "config", headCompiled, color) || invalid(io, "base", baseCompiled, color)) return 1;
    const report = compareCompilations({ label: base.label, compilation: baseCompiled }, { label: file, compilation: headCompiled });
    io.out(renderDiff(report, opts.format));
    return opts.failOn === "risky" && report.risky > 0 ? 1 : 0;
  } finally {
    await base.dispose();
  }
}

// `gen diff`: two compilations of the config (the base and the head, each through the one pipeline,
// generator/compile.ts) compared into a report: the models' changes (./model-changes.ts) and the
// emitted sites' (./output-changes.ts), brand by brand, and whether anything a player could receive
// differs at all. Pure.
import type { Compilation } from "../compile.ts";
import type { Change, DiffReport } from "./changes.ts";
import { modelChanges } from "./model-changes.ts";
import { brandOutputChanges, sameSites, siteFiles, sizeChanges } from "./output-changes.ts";

/** A compilation and how the command line named it. */
export interface Side {
  label: string;
  compilation: Compilation;
}

export function compareCompilations(base: Side, head: Side): DiffReport {
  const [was, now] = [base.compilation.resolved, head.compilation.resolved];
  if (!was || !now) throw new Error("compareCompilations() needs two valid compilations");
  const [baseFiles, headFiles] = [siteFiles(base.compilation.site), siteFiles(head.compilation.site)];
  const model = modelChanges(was, now);
  const baseIds = new Set(was.brands.map((b) => b.brand.id));
  const headIds = new Set(now.brands.map((b) => b.brand.id));
  // Each brand's changes together: the model's first, then what its emitted files show.
  const changes: Change[] = model.filter((c) => !c.brand);
  for (const id of [...headIds, ...[...baseIds].filter((id) => !headIds.has(id))]) {
    changes.push(...model.filter((c) => c.brand === id));
    if (baseIds.has(id) && headIds.has(id)) changes.push(...brandOutputChanges(baseFiles, headFiles, id));
    else if (headIds.has(id)) changes.push(...sizeChanges(new Map(), headFiles, id, true));
  }
  const changed = [...new Set(changes.flatMap((c) => (c.brand ? [c.brand] : [])))];
  return {
    base: base.label,
    head: head.label,
    changes,
    brands: {
      changed: changed.filter((id) => baseIds.has(id) && headIds.has(id)),
      added: [...headIds].filter((id) => !baseIds.has(id)),
      removed: [...baseIds].filter((id) => !headIds.has(id)),
    },
    risky: changes.filter((c) => c.risky).length,
    nothingPlayersSee: sameSites(baseFiles, headFiles),
    sourceChanged: was.fingerprint !== now.fingerprint,
  };
}

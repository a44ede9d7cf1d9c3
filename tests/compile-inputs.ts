// What the compiler's load phase reads, for tests that call resolve and emit on their own (a config
// changed in memory, one brand's site): the config file's text and icons, and the product's
// templates and locales, as generator/compile.ts reads them.
import type { BrandsConfig } from "../core/browser/config/types.ts";
import { readConfig } from "../core/node/config/read.ts";
import { validateRead } from "../core/node/config/validate.ts";
import { readProductInputs } from "../generator/inputs.ts";
import type { ProductInputs } from "../generator/model.ts";
import type { ResolveInputs } from "../generator/resolve.ts";

export interface LoadedInputs {
  config: BrandsConfig;
  /** What resolveConfig takes. */
  inputs: ResolveInputs;
  /** What emitSites takes. */
  templates: ProductInputs["templates"];
}

export async function loadInputs(file: string): Promise<LoadedInputs> {
  const [read, product] = await Promise.all([readConfig(file), readProductInputs()]);
  const validation = await validateRead(read);
  if (!validation.config) throw new Error(`${file} is invalid: ${validation.diagnostics.map((d) => d.message).join("; ")}`);
  return {
    config: validation.config,
    inputs: { text: read.source.text, icons: read.icons, locales: product.locales },
    templates: product.templates,
  };
}

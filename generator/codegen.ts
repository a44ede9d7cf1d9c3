// Codegen: pure functions of the schemas and the resolved config (./emit/), written by one writer.
// Two folders: core/browser/generated/ holds the schemas' types, which every program shares and which
// need no config (written on install and before the tests too); runtime/generated/ holds the
// storefront's tables and, from the config, one module per brand and the host map.
import { readFileSync } from "node:fs";
import { brandsSchema } from "../core/node/config/schema-pass.ts";
import { loadContract } from "../core/node/contract/contract.ts";
import { CURRENCIES } from "../core/node/money/currencies.ts";
import { loadPaymentCatalogue } from "../core/node/payments/methods.ts";
import { emitApiTypes } from "./emit/api.ts";
import { emitBrandModules, emitHostMap } from "./emit/brands.ts";
import { type EmittedFile, sortFiles } from "./emit/file.ts";
import { emitCurrencyTable, emitPaymentTable, emitRouteManifests } from "./emit/tables.ts";
import { emitConfigTypes } from "./emit/types.ts";
import type { ResolvedConfig } from "./model.ts";
import { paths } from "./paths.ts";
import { type WriteReport, writeFiles } from "./writer.ts";

/** core/browser/generated/: the TypeScript types of the config, payment and API schemas, and the API's codes and paths. */
export async function generateCoreFiles(): Promise<EmittedFile[]> {
  const paymentSchema = JSON.parse(readFileSync(paths.paymentMethodsSchema, "utf8"));
  return sortFiles([...(await emitConfigTypes(brandsSchema, paymentSchema)), ...(await emitApiTypes(loadContract()))]);
}

/** runtime/generated/ without a config: the route manifests, the payment-method and currency tables. */
export function generateRuntimeTables(): EmittedFile[] {
  return sortFiles([emitRouteManifests(), emitPaymentTable(loadPaymentCatalogue()), emitCurrencyTable(CURRENCIES)]);
}

/** runtime/generated/ from a config: the tables, every brand's module and tokens, and the host map. */
export function generateRuntimeFiles(resolved: ResolvedConfig): EmittedFile[] {
  return sortFiles([...generateRuntimeTables(), ...emitBrandModules(resolved), emitHostMap(resolved)]);
}

export interface CodegenReport {
  core: WriteReport;
  runtime: WriteReport;
}

/**
 * Writes both folders. With a config's files, runtime/generated/ becomes exactly those (every brand's,
 * whatever `--brand` a build names); without (the install and test hooks) only the config-free files
 * are written and brand modules stay.
 */
export async function writeGenerated(runtimeFiles?: EmittedFile[]): Promise<CodegenReport> {
  const core = await writeFiles(paths.coreGenerated, await generateCoreFiles(), { prune: true });
  const runtime = runtimeFiles
    ? await writeFiles(paths.runtimeGenerated, runtimeFiles, { prune: true })
    : await writeFiles(paths.runtimeGenerated, generateRuntimeTables());
  return { core, runtime };
}

/** One line for a codegen report: files written, unchanged and removed across both folders. */
export function describeCodegen({ core, runtime }: CodegenReport): string {
  const sum = (k: keyof WriteReport) => core[k] + runtime[k];
  return `core/ and runtime/generated: ${sum("written")} written, ${sum("unchanged")} unchanged, ${sum("removed")} removed`;
}

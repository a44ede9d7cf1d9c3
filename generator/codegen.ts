// Step 1 of `gen build`: everything written to runtime/generated/, as pure functions of the config.
import { readFileSync } from "node:fs";
import type { BrandsConfig } from "./config.ts";
import { emitApiTypes } from "./emit/api.ts";
import { emitBrandModules, emitHostMap, emitModuleTypes } from "./emit/brands.ts";
import { type EmittedFile, sortFiles } from "./emit/file.ts";
import { emitPaymentTable, emitRouteManifests, loadPaymentCatalogue } from "./emit/tables.ts";
import { emitConfigTypes } from "./emit/types.ts";
import { paths } from "./paths.ts";

export async function generateRuntimeFiles(config: BrandsConfig, only?: string): Promise<EmittedFile[]> {
  const paymentSchema = JSON.parse(readFileSync(paths.paymentMethodsSchema, "utf8"));
  return sortFiles([
    ...(await emitConfigTypes(paymentSchema)),
    ...(await emitApiTypes()),
    emitModuleTypes(),
    ...emitBrandModules(config, only),
    emitHostMap(config, only),
    emitRouteManifests(),
    emitPaymentTable(loadPaymentCatalogue()),
  ]);
}

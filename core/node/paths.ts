// Where the shared contracts and data live, relative to the repository root (Node only).
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

export const corePaths = {
  root,
  schema: join(root, "schema"),
  brandsSchema: join(root, "schema", "brands.schema.json"),
  paymentMethods: join(root, "schema", "payment-methods.json"),
  paymentMethodsSchema: join(root, "schema", "payment-methods.schema.json"),
  apiContract: join(root, "schema", "api"),
  locales: join(root, "locales"),
  /** Types generated from the schemas (git-ignored; written on install, by tests and by `gen build`). */
  coreGenerated: join(root, "core", "browser", "generated"),
};

// Where the generator reads and writes, relative to the repository root.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

export const paths = {
  root,
  brandsSchema: join(root, "schema", "brands.schema.json"),
  paymentMethods: join(root, "schema", "payment-methods.json"),
  paymentMethodsSchema: join(root, "schema", "payment-methods.schema.json"),
  locales: join(root, "locales"),
  templates: join(root, "templates"),
  runtime: join(root, "runtime"),
  generated: join(root, "runtime", "generated"),
  dist: join(root, "dist"),
};

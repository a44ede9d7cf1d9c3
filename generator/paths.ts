// Where the generator reads and writes, relative to the repository root.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { corePaths } from "../core/node/paths.ts";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

export const paths = {
  ...corePaths,
  root,
  templates: join(root, "templates"),
  runtime: join(root, "runtime"),
  /** The runtime's generated folder: brand modules, host map, route manifests, payment table. */
  runtimeGenerated: join(root, "runtime", "generated"),
  dist: join(root, "dist"),
};

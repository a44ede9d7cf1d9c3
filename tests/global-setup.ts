// Before any test file: the schemas' generated types (core/browser/generated/, runtime/generated/'s tables), so
// a fresh clone runs any single test file without a build (the same step as `npm install`'s hook),
// and the migrated database the tests' PGlite starts from.
import { generateSchemaFiles } from "../cli/codegen.ts";
import { writeMigratedSnapshot } from "./pglite-snapshot.ts";

export default async function setup(): Promise<void> {
  await generateSchemaFiles();
  // The migrated database every test's PGlite starts from (tests/pglite-snapshot.ts).
  await writeMigratedSnapshot();
}

// Before any test file: the schemas' generated types (core/generated/, runtime/generated/'s tables), so
// a fresh clone runs any single test file without a build. The same step as `npm install`'s hook.
import { generateSchemaFiles } from "../cli/codegen.ts";

export default async function setup(): Promise<void> {
  await generateSchemaFiles();
}

#!/usr/bin/env node
// `npm install`'s hook (postinstall) and the test setup: the schemas' generated types, no config needed.
import { register } from "tsx/esm/api";

register();
const { generateSchemaFiles } = await import("./codegen.ts");
process.stdout.write(`codegen: ${await generateSchemaFiles()}\n`);

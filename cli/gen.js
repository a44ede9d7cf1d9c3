#!/usr/bin/env node
// Entry of the `gen` CLI: runs the TypeScript sources through tsx, no build step needed.
import { register } from "tsx/esm/api";

register();
await (await import("./codegen.ts")).ensureGenerated();
const { main } = await import("./main.ts");
process.exitCode = await main(process.argv);

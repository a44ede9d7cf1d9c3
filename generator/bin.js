#!/usr/bin/env node
// Entry of the `gen` CLI: runs the TypeScript sources through tsx, no build step needed.
import { register } from "tsx/esm/api";

register();
const { main } = await import("./cli.ts");
process.exitCode = await main(process.argv);

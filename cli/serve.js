#!/usr/bin/env node
// `npm run serve` (and `npm start` after its build): the sandbox platform and the built storefronts.
import { register } from "tsx/esm/api";

register();
await (await import("./codegen.ts")).ensureGenerated();
const { main } = await import("./start.ts");
await main();

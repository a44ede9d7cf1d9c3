#!/usr/bin/env node
// Starts the sandbox platform and serves the built storefronts: `npm start` runs this after `gen build`.
import { register } from "tsx/esm/api";

register();
const { main } = await import("./main.ts");
await main();

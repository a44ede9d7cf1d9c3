// The platform API alone (no sites), in its own process, for the crash test and the API benchmark:
// `api-only.ts [--config <brands.yaml>] [PGlite data folder]` (in memory without one; DATABASE_URL
// wins). Prints `listening <address>` once it answers.
import { join } from "node:path";
import { validateFile } from "../core/node/config/validate.ts";
import { corePaths } from "../core/node/paths.ts";
import { trustProxyOrExit } from "../server/trust-proxy.ts";
import { checkStartEnvOrExit, startSandbox } from "./sandbox.ts";

const args = process.argv.slice(2);
const configAt = args.indexOf("--config");
const configFile = configAt >= 0 ? (args.splice(configAt, 2)[1] ?? "") : join(corePaths.root, "brands.yaml");
const dataDir = args[0];
const trustProxy = trustProxyOrExit(process.env.TRUST_PROXY);
checkStartEnvOrExit();
const { config } = await validateFile(configFile);
if (!config) throw new Error(`${configFile} is invalid`);
const sandbox = await startSandbox(config, { database: { url: process.env.DATABASE_URL, dataDir }, trustProxy });
process.stdout.write(`listening ${sandbox.address}\n`);

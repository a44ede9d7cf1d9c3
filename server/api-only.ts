// The platform API alone (no sites), for the crash test and the API benchmark:
// `api-only.ts [PGlite data folder]` (in memory without one; DATABASE_URL wins), prints its address.
import { join } from "node:path";
import { validateFile } from "../generator/validate.ts";
import { buildApp } from "./app.ts";
import { openDb } from "./db.ts";
import { createPlatform } from "./platform/index.ts";
import { trustProxyOrExit } from "./trust-proxy.ts";

const dataDir = process.argv[2];
const trustProxy = trustProxyOrExit(process.env.TRUST_PROXY);
const { config } = await validateFile(join(import.meta.dirname, "..", "brands.yaml"));
if (!config) throw new Error("brands.yaml is invalid");
const db = await openDb(process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : dataDir ? { dataDir } : {});
const platform = await createPlatform({ db, config });
const app = await buildApp({ db, platform, trustProxy });
const address = await app.listen({ host: "127.0.0.1", port: 0 });
process.stdout.write(`listening ${address}\n`);

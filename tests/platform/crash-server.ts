// A platform process on a PGlite data folder, for the crash test: prints its port, then serves.
import { join } from "node:path";
import { validateFile } from "../../generator/validate.ts";
import { buildApp } from "../../server/app.ts";
import { openDb } from "../../server/db.ts";
import { createPlatform } from "../../server/platform/index.ts";

const dataDir = process.argv[2];
if (!dataDir) throw new Error("usage: crash-server <data dir>");
const { config } = await validateFile(join(import.meta.dirname, "..", "..", "brands.yaml"));
if (!config) throw new Error("brands.yaml is invalid");
const db = await openDb({ dataDir });
const platform = await createPlatform({ db, config, secret: "crash-secret" });
const app = await buildApp({ db, platform });
const address = await app.listen({ host: "127.0.0.1", port: 0 });
process.stdout.write(`listening ${address}\n`);

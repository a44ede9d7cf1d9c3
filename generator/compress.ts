// The build's last step: every hashed asset also as .gz (gzip level 9) and .br (brotli, quality 11 but for small files),
// so servers send them compressed without compressing on each request (@fastify/static's
// preCompressed in server/sites.ts, nginx's gzip_static).
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { SERVED_GZIP } from "../core/node/config/brand-module.ts";

const COMPRESSIBLE = /\.(js|css|svg|json|webmanifest)$/;
/** Below this a compressed copy saves less than its own request headers. */
const MIN_BYTES = 512;
/** Brotli's best quality costs ~6 ms a file however small; below this size it saves under 100 bytes
 *  over quality 5 (0.15 ms), which matters when 1000 brands bring 1000 small brand modules. */
const BEST_FROM_BYTES = 4096;

const gz = promisify(gzip);
const br = promisify(brotliCompress);

export interface CompressReport {
  files: number;
  bytes: number;
  gzipBytes: number;
  brotliBytes: number;
}

export async function precompress(dir: string): Promise<CompressReport> {
  const names = (await readdir(dir)).filter((f) => COMPRESSIBLE.test(f));
  const report: CompressReport = { files: 0, bytes: 0, gzipBytes: 0, brotliBytes: 0 };
  await Promise.all(
    names.map(async (name) => {
      const data = await readFile(join(dir, name));
      if (data.length < MIN_BYTES) return;
      const [g, b] = await Promise.all([
        // The options the brand-module budget is measured with: validate and the served file agree.
        gz(data, SERVED_GZIP),
        br(data, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: data.length >= BEST_FROM_BYTES ? 11 : 5,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        }),
      ]);
      await Promise.all([writeFile(join(dir, `${name}.gz`), g), writeFile(join(dir, `${name}.br`), b)]);
      report.files++;
      report.bytes += data.length;
      report.gzipBytes += g.length;
      report.brotliBytes += b.length;
    }),
  );
  return report;
}

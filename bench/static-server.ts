// A built folder served on 127.0.0.1 for the bench (the floor's page, a copy of dist/ under trial).
import { createReadStream, existsSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { join, normalize } from "node:path";

/**
 * Serves `dir` on 127.0.0.1 with an SPA fallback to its index.html, sending the build's brotli or
 * gzip copy of a file when there is one and the browser takes it, as the sandbox does.
 */
export async function serveStatic(dir: string): Promise<{ port: number; close: () => void }> {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent((req.url ?? "/").split("?")[0] ?? "/")).replace(/^(\.\.[/\\])+/, "");
    const file = join(dir, path);
    const target = existsSync(file) && statSync(file).isFile() ? file : join(dir, "index.html");
    res.setHeader("content-type", target.endsWith(".js") ? "text/javascript" : "text/html; charset=utf-8");
    const accepts = String(req.headers["accept-encoding"] ?? "");
    const encoding = [
      ["br", ".br"],
      ["gzip", ".gz"],
    ].find(([name, ext]) => accepts.includes(name ?? "") && existsSync(`${target}${ext}`));
    if (encoding) res.setHeader("content-encoding", encoding[0] ?? "");
    createReadStream(encoding ? `${target}${encoding[1]}` : target).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("static server did not listen");
  return { port: address.port, close: () => server.close() };
}

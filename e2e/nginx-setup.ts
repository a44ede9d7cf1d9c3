// `npm run test:nginx`: the built dist/ behind a real nginx with the generated configuration
// (`gen deploy-config --nginx`), HTTPS with a certificate from a throwaway CA for every host, the sandbox
// platform as its upstream (trusting nginx's X-Forwarded-*, as TRUST_PROXY=loopback does); all on
// 127.0.0.1, all stopped at the end. The HTTPS port is in SF_NGINX_PORT, plain HTTP's in
// SF_NGINX_HTTP_PORT. scripts/test-nginx.sh passes the work folder (SF_NGINX_WORK) and stops
// nginx by its pid file there should this process die first.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chmodSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_CONFIG, E2E_DIST, ensureE2eDist } from "./fixture.ts";
import { ROOT, startSandbox } from "./sandbox-server.ts";

export const NGINX = process.env.NGINX_BIN ?? "/usr/sbin/nginx";

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });

const accepting = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = new Socket();
    socket.once("connect", () => resolve(socket.destroy() === socket));
    socket.once("error", () => resolve(false));
    socket.connect(port, "127.0.0.1");
  });

/**
 * A throwaway certificate authority and a certificate it signs for every production and demo host
 * of the build (and storefront.test): a client that trusts the CA (gen verify, with
 * NODE_EXTRA_CA_CERTS) checks each host's name as it would a real certificate's.
 */
function certificate(work: string): { cert: string; key: string; ca: string } {
  const [ca, caKey, cert, key, request, extensions] = ["ca.pem", "ca.key", "cert.pem", "key.pem", "cert.csr", "cert.ext"].map((f) =>
    join(work, f),
  ) as [string, string, string, string, string, string];
  const hosts = Object.keys(JSON.parse(readFileSync(join(E2E_DIST, "hosts.json"), "utf8")) as Record<string, unknown>).filter(
    (h) => !h.endsWith(".localhost"),
  );
  const openssl = (...args: string[]) => execFileSync("openssl", args, { stdio: "pipe" });
  openssl(
    "req",
    "-x509",
    "-newkey",
    "rsa:2048",
    "-nodes",
    "-keyout",
    caKey,
    "-out",
    ca,
    "-days",
    "1",
    "-subj",
    "/CN=storefront test CA",
    "-addext",
    "basicConstraints=critical,CA:TRUE",
    "-addext",
    "keyUsage=critical,keyCertSign",
  );
  openssl("req", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", request, "-subj", "/CN=storefront.test");
  writeFileSync(
    extensions,
    `basicConstraints=CA:FALSE\nsubjectAltName=${["storefront.test", ...hosts].map((h) => `DNS:${h}`).join(",")}\n`,
  );
  openssl(
    "x509",
    "-req",
    "-in",
    request,
    "-CA",
    ca,
    "-CAkey",
    caKey,
    "-CAcreateserial",
    "-out",
    cert,
    "-days",
    "1",
    "-extfile",
    extensions,
  );
  return { cert, key, ca };
}

export default async function nginxSetup() {
  const work = process.env.SF_NGINX_WORK ?? mkdtempSync(join(tmpdir(), "sf-nginx-"));
  // Started as root, nginx's workers run as nobody: they need to reach their temp folders here.
  chmodSync(work, 0o755);
  ensureE2eDist();
  const sandbox = await startSandbox({ trustProxy: "loopback" });
  let nginx: ChildProcess | undefined;
  const stop = async () => {
    if (nginx && nginx.exitCode === null && nginx.signalCode === null) {
      const exited = new Promise((resolve) => nginx?.once("exit", resolve));
      nginx.kill("SIGTERM");
      await exited;
    }
    await sandbox.close();
    rmSync(work, { recursive: true, force: true });
  };
  try {
    const { cert, key, ca } = certificate(work);
    // nginx serves a copy of dist/ from here: its workers (nobody) may not reach into the checkout,
    // whose folder can be private (mktemp -d makes it 0700), as a server's files are not in a home folder.
    const dist = join(work, "dist");
    cpSync(E2E_DIST, dist, { recursive: true });
    const [http, https] = [await freePort(), await freePort()];
    const conf = join(work, "nginx.conf");
    // A config written as an operator would: every brand host, the brands' API hosts answered by the sandbox.
    execFileSync(
      process.execPath,
      [
        join(ROOT, "cli", "gen.js"),
        "deploy-config",
        DEMO_CONFIG,
        "--nginx",
        "--proxy-api-hosts",
        `--dist=${dist}`,
        `--upstream=http://127.0.0.1:${sandbox.port}`,
        "--address=127.0.0.1",
        `--listen=${http}`,
        `--tls-listen=${https}`,
        `--tls-cert=${cert}`,
        `--tls-key=${key}`,
        `--pid=${join(work, "nginx.pid")}`,
        `--error-log=${join(work, "error.log")}`,
        `--access-log=${join(work, "access.log")}`,
        `--out=${conf}`,
      ],
      { cwd: ROOT, stdio: "pipe" },
    );
    nginx = spawn(NGINX, ["-p", work, "-c", conf, "-g", "daemon off;"], { stdio: ["ignore", "inherit", "inherit"] });
    const exited = new Promise<number | null>((resolve) => nginx?.once("exit", resolve));
    for (let i = 0; !(await accepting(https)); i++) {
      if (i > 100) throw new Error(`nginx did not listen on ${https}: ${readFileSync(join(work, "error.log"), "utf8")}`);
      const code = await Promise.race([exited, new Promise((r) => setTimeout(r, 100, "waiting"))]);
      if (code !== "waiting") throw new Error(`nginx exited (${code}): ${readFileSync(join(work, "error.log"), "utf8")}`);
    }
    process.env.SF_NGINX_PORT = String(https);
    process.env.SF_NGINX_HTTP_PORT = String(http);
    process.env.SF_NGINX_CONF = conf;
    // What gen verify checks (e2e/nginx.verify.ts): the copy nginx serves, its pid file (a reload
    // after the configuration changes), and the CA its certificate is signed by.
    process.env.SF_NGINX_DIST = dist;
    process.env.SF_NGINX_PID = join(work, "nginx.pid");
    process.env.SF_NGINX_CA = ca;
    // The platform runs in this process: the flood test reads its memory from /proc.
    process.env.SF_PLATFORM_PID = String(process.pid);
  } catch (err) {
    await stop();
    throw err;
  }
  return stop;
}

// A throwaway copy of the project's sources (node_modules linked), for tests that build or serve
// another config: `gen build` and `gen dev` write runtime/generated/ of the project they run in, so
// running them here leaves this checkout's generated files to the tests that run beside them.
import { type ChildProcess, spawn } from "node:child_process";
import { cp, mkdtemp, readFile, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join, sep } from "node:path";
import { DEMO_CONFIG } from "../tests/demo-config.ts";

/** The name of a copy's config file, in its folder: a fixture's, never the operator's brands.yaml. */
export const CONFIG_NAME = "demo-fixture.yaml";

export const ROOT = join(import.meta.dirname, "..");

/** What `gen` needs to validate, build, serve and run the platform. */
const SOURCES = [
  "core",
  "cli",
  "generator",
  "runtime",
  "schema",
  "server",
  "templates",
  "locales",
  "vite.config.ts",
  "tsconfig.json",
  "package.json",
];

export interface TempProject {
  dir: string;
  /** The project's config file. */
  config: string;
  readConfig(): Promise<string>;
  writeConfig(text: string): Promise<void>;
  /** Starts `gen <args>` in the project (no colours); stop it with `stop()`. */
  gen(args: string[], env?: NodeJS.ProcessEnv): GenProcess;
  remove(): Promise<void>;
}

export async function tempProject(prefix: string): Promise<TempProject> {
  const dir = await mkdtemp(join(tmpdir(), `${prefix}-`));
  // Generated code is the copy's own: the schemas' types are copied (they do not depend on the
  // config), the runtime's brand modules are not.
  const generated = join(ROOT, "runtime", "generated");
  for (const entry of SOURCES) {
    await cp(join(ROOT, entry), join(dir, entry), {
      recursive: true,
      filter: (src) => src !== generated && !src.startsWith(`${generated}${sep}`),
    });
  }
  await symlink(await realpath(join(ROOT, "node_modules")), join(dir, "node_modules"), "dir");
  // The copy's config is the tests' demo config (tests/fixtures/demo/), never the operator's: it is
  // named as a fixture, and every command is given it by path.
  const config = join(dir, CONFIG_NAME);
  await cp(join(dirname(DEMO_CONFIG), "brands"), join(dir, "brands"), { recursive: true });
  await writeFile(config, (await readFile(DEMO_CONFIG, "utf8")).replaceAll("../../../schema/", "./schema/"));
  const processes: GenProcess[] = [];
  return {
    dir,
    config,
    readConfig: () => readFile(config, "utf8"),
    writeConfig: (text) => writeFile(config, text),
    gen(args, env = {}) {
      const p = new GenProcess(dir, args, env);
      processes.push(p);
      return p;
    },
    async remove() {
      await Promise.all(processes.map((p) => p.stop("SIGKILL")));
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A running `gen` command: its output so far, waiting for a line, stopping. */
export class GenProcess {
  readonly child: ChildProcess;
  out = "";
  err = "";
  readonly exited: Promise<number | null>;

  constructor(cwd: string, args: string[], env: NodeJS.ProcessEnv) {
    this.child = spawn(process.execPath, [join(cwd, "cli", "gen.js"), ...args], {
      cwd,
      env: { ...process.env, NO_COLOR: "1", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.child.stdout?.setEncoding("utf8").on("data", (s: string) => {
      this.out += s;
    });
    this.child.stderr?.setEncoding("utf8").on("data", (s: string) => {
      this.err += s;
    });
    this.exited = new Promise((resolve) => this.child.on("exit", (code) => resolve(code)));
  }

  /** Resolves with the first match of `pattern` in the standard output from `from` on; rejects if the process exits first or after `ms`. */
  waitFor(pattern: RegExp, { from = 0, ms = 60_000 } = {}): Promise<RegExpMatchArray> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const match = this.out.slice(from).match(pattern);
        if (match) {
          done();
          resolve(match);
        }
      };
      const onExit = (code: number | null) => {
        done();
        reject(new Error(`gen exited (${code}) before ${pattern}\n--- stdout\n${this.out}\n--- stderr\n${this.err}`));
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no ${pattern} after ${ms} ms\n--- stdout\n${this.out}\n--- stderr\n${this.err}`));
      }, ms);
      const done = () => {
        clearTimeout(timer);
        this.child.stdout?.off("data", check);
        this.child.off("exit", onExit);
      };
      this.child.stdout?.on("data", check);
      this.child.on("exit", onExit);
      check();
    });
  }

  /** Sends the signal (unless it has exited) and resolves with the exit code. */
  async stop(signal: NodeJS.Signals = "SIGINT"): Promise<number | null> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill(signal);
    return this.exited;
  }
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** GET with a chosen Host header to the server on 127.0.0.1 (Node does not resolve `*.localhost`). */
export function getByHost(port: number, host: string, path = "/"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, headers: { host: `${host}:${port}`, accept: "text/html" } }, (res) => {
      let body = "";
      res.setEncoding("utf8").on("data", (s: string) => {
        body += s;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

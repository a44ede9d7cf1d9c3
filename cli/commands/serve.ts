// The `gen dev` and `gen preview` commands: options, help and exit codes. Their logic (cli/dev.ts,
// cli/preview.ts) loads Vite, Fastify and the platform, so it is imported only when one of them runs.
import type { Command } from "commander";
import type { DevOptions } from "../dev.ts";
import type { Done, Io } from "../io.ts";
import type { PreviewOptions } from "../preview.ts";
import { ServeUsageError } from "../serve-shared.ts";

/** Runs a serving command; a usage problem (port in use, dist/ missing or stale…) is exit 2 with its message. */
async function run(name: string, io: Io, command: () => Promise<number>): Promise<number> {
  try {
    return await command();
  } catch (err) {
    if (!(err instanceof ServeUsageError)) throw err;
    io.err(`gen ${name}: ${err.message}\n`);
    return 2;
  }
}

/** The options both servers take: where to listen and the sandbox platform's data. */
function serverOptions(command: Command, defaultPort: string): Command {
  return command
    .option("--port <n>", "port to listen on (0: any free port)", defaultPort)
    .option("--host <address>", "address to listen on", "127.0.0.1")
    .option("--data <dir>", "PGlite data folder of the sandbox platform (default: .data/pglite; ignored when DATABASE_URL is set)");
}

export function registerDev(program: Command, io: Io, color: () => boolean, done: Done): void {
  serverOptions(program.command("dev"), "5173")
    .description(
      "Serve every brand with live reload: the runtime through Vite and the sandbox platform on one port, each brand on its own host; brands.yaml is watched (a save regenerates and reloads, an invalid one shows its diagnostics in the terminal and in the page).",
    )
    .argument("[file]", "config file", "brands.yaml")
    .addHelpText(
      "after",
      [
        "",
        "Examples:",
        "  gen dev                          # then open http://aurora.localhost:5173/",
        "  gen dev brands.yaml --port 3000",
        "  DATABASE_URL=postgres://localhost/sandbox gen dev",
        "",
        "Exit codes: 0 stopped with Ctrl-C, 1 invalid config at start, 2 usage error (bad option, port in use, unreadable file).",
      ].join("\n"),
    )
    .action(async (file: string, opts: DevOptions) => {
      done(await run("dev", io, async () => (await import("../dev.ts")).dev(file, opts, io, color())));
    });
}

export function registerPreview(program: Command, io: Io, color: () => boolean, done: Done): void {
  serverOptions(program.command("preview"), "8080")
    .description("Serve a built dist/ with the sandbox platform, like `npm start` without the build; refuses a missing or stale dist/.")
    .argument("[file]", "config file dist/ was built from (the platform's catalogue)", "brands.yaml")
    .option("--dist <dir>", "the built folder to serve", "dist")
    .addHelpText(
      "after",
      [
        "",
        "Examples:",
        "  gen build && gen preview         # then open http://aurora.localhost:8080/",
        "  gen build --out /tmp/site && gen preview --dist /tmp/site --port 9000",
        "",
        "Exit codes: 0 stopped with Ctrl-C, 1 invalid config, 2 usage error (dist/ missing or stale, port in use, bad option).",
      ].join("\n"),
    )
    .action(async (file: string, opts: PreviewOptions) => {
      done(await run("preview", io, async () => (await import("../preview.ts")).preview(file, opts, io, color())));
    });
}

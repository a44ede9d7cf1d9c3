// The `gen` command line: validate and build brands.yaml. Exit codes: 0 ok, 1 problems, 2 usage.
import { Command, CommanderError } from "commander";
import { type BuildOptions, buildAll } from "./build.ts";
import { type DeployOptions, DeployUsageError, deployConfig } from "./deploy.ts";
import { type Format, formatDiagnostics } from "./diagnostics.ts";
import { docsCommand } from "./docs.ts";
import { UnreadableFileError } from "./load.ts";
import { localesCommand } from "./locales.ts";
import { newBrandCommand } from "./new-brand.ts";
import { registerDev, registerPreview } from "./serve-commands.ts";
import { formatOption, plural, shouldColor } from "./terminal.ts";
import { validateFile } from "./validate.ts";

export const EXIT = { ok: 0, problems: 1, usage: 2 } as const;

export interface Io {
  out: (s: string) => void;
  err: (s: string) => void;
  /** Colour the output (terminal.ts decides for the real streams; absent = no colour). */
  color?: boolean;
  /** Where prompts read answers; process.stdin when absent. Prompts only when it is a TTY. */
  input?: NodeJS.ReadableStream & { isTTY?: boolean };
}

const stdio: Io = {
  out: (s) => process.stdout.write(s),
  err: (s) => process.stderr.write(s),
  get color() {
    return shouldColor(process.stdout);
  },
  input: process.stdin,
};

export async function main(argv: string[], io: Io = stdio): Promise<number> {
  let code: number = EXIT.ok;
  const colorOn = () => io.color ?? false;
  const done = (c: number) => {
    code = c;
  };
  const program = new Command("gen")
    .description("Validate brands.yaml and compile it into every brand's storefront.")
    .exitOverride()
    .configureOutput({ writeOut: io.out, writeErr: io.err })
    .showHelpAfterError("(run 'gen --help' for usage)")
    .addHelpText(
      "after",
      "\nExamples:\n  gen validate                      # check brands.yaml\n  gen new-brand nova                # add a brand skeleton\n  gen build                         # every brand into dist/\n  gen validate --format github      # CI annotations\n\nEvery command has --help with its own examples. Colour only on a terminal (NO_COLOR turns it off,\nFORCE_COLOR on). Exit codes: 0 ok, 1 problems found, 2 usage error or unreadable file.",
    );

  program
    .command("validate")
    .description("Check brands.yaml against the schema and the cross-brand rules; print every problem at once.")
    .argument("[file]", "config file", "brands.yaml")
    .addOption(formatOption())
    .addHelpText(
      "after",
      "\nExamples:\n  gen validate\n  gen validate brands.yaml --format github   # CI annotations\n  gen validate --format json | jq '.[].name'\n\nExit codes: 0 valid, 1 problems found, 2 usage error or unreadable file.",
    )
    .action(async (file: string, opts: { format: Format }) => {
      const result = await validateFile(file);
      const errors = result.diagnostics.filter((d) => d.severity === "error").length;
      const warnings = result.diagnostics.length - errors;
      io.out(formatDiagnostics(result.diagnostics, opts.format, colorOn()));
      if (opts.format === "text") {
        const brands = Array.isArray((result.source.data as { brands?: unknown[] } | undefined)?.brands)
          ? (result.source.data as { brands: unknown[] }).brands.length
          : 0;
        io.out(
          errors
            ? `${file}: ${plural(errors, "error")}, ${plural(warnings, "warning")}\n`
            : `${file}: ${plural(brands, "brand")} valid${warnings ? `, ${plural(warnings, "warning")}` : ""}\n`,
        );
      }
      code = errors ? EXIT.problems : EXIT.ok;
    });

  program
    .command("build")
    .description("Validate, then generate runtime/generated/, bundle the runtime once and write every brand's site to dist/.")
    .argument("[file]", "config file", "brands.yaml")
    .option("--brand <id>", "build only this brand")
    .option("--codegen-only", "only write runtime/generated/ (used by typecheck and dev)")
    .option("--out <dir>", "output folder", "dist")
    .addOption(formatOption())
    .addHelpText(
      "after",
      "\nExamples:\n  gen build\n  gen build --brand aurora\n  gen build --codegen-only\n\nExit codes: 0 built, 1 invalid config or failed build (nothing written to dist/), 2 usage error.",
    )
    .action(async (file: string, opts: BuildOptions & { format: Format }) => {
      code = await buildAll(file, opts, io, colorOn());
    });

  program
    .command("deploy-config")
    .description(
      "Write a web server configuration for a built dist/: every brand's hosts, security headers, caching, the platform proxied.",
    )
    .argument("[file]", "config file: its hosts, checked against dist/", "brands.yaml")
    .option("--nginx", "write an nginx configuration")
    .option("--dist <dir>", "the built dist/ to read", "dist")
    .option("--root <path>", "where dist/ is on the server (default: --dist's absolute path)")
    .option("--upstream <url>", "the platform the API paths go to", "http://127.0.0.1:8080")
    .option("--proxy-api-hosts", "also answer the brands' own API hosts with the platform (sandbox and staging)")
    .option("--listen <port>", "plain HTTP port (only redirects to HTTPS when TLS is on)", "80")
    .option("--address <ip>", "listen on this address only (default: every address)")
    .option("--tls-cert <file>", "serve HTTPS with this certificate (PEM, full chain)")
    .option("--tls-key <file>", "and this key (PEM)")
    .option("--tls-listen <port>", "HTTPS port", "443")
    .option("--pid <file>", "nginx pid file", "/run/nginx-storefront.pid")
    .option("--error-log <file>", "nginx error log", "/var/log/nginx/storefront-error.log")
    .option("--access-log <file>", "nginx access log", "/var/log/nginx/storefront-access.log")
    .option("--out <file>", "where to write it ('-' for standard output)", "deploy/nginx.conf")
    .addOption(formatOption())
    .addHelpText(
      "after",
      "\nExamples:\n  gen build && gen deploy-config --nginx\n  gen deploy-config --nginx --root /srv/storefront/dist --upstream http://10.0.0.5:8080 \\\n    --tls-cert /etc/ssl/store.pem --tls-key /etc/ssl/store.key --out /etc/nginx/storefront.conf\n  gen deploy-config --nginx --out - | less\n\nSee docs/deploy.md.\n\nExit codes: 0 written, 1 invalid config or dist/ built from another config (nothing written),\n2 usage error (no target, bad option, dist/ not built).",
    )
    .action(async (file: string, opts: DeployOptions) => {
      code = await deployConfig(file, opts, io, colorOn());
    });

  newBrandCommand(program.command("new-brand"), io, done);
  localesCommand(program.command("locales"), io, done);
  docsCommand(program.command("docs"), io, done);
  registerDev(program, io, colorOn, done);
  registerPreview(program, io, colorOn, done);

  try {
    await program.parseAsync(argv);
  } catch (err) {
    if (err instanceof CommanderError) {
      return err.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    if (err instanceof UnreadableFileError || err instanceof DeployUsageError) {
      io.err(`gen: ${err.message}\n`);
      return EXIT.usage;
    }
    io.err(`gen: ${err instanceof Error ? err.message : String(err)}\n`);
    return EXIT.problems;
  }
  return code;
}

// `gen deploy-config`: the command line of generator/deploy.ts.
import type { Command } from "commander";
import { type DeployOptions, deployConfig } from "../../generator/deploy.ts";
import type { Done, Io } from "../io.ts";
import { formatOption } from "./options.ts";

export function deployConfigCommand(program: Command, io: Io, done: Done): Command {
  const colorOn = () => io.color ?? false;
  return program
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
    .option("--preview-hosts", "also answer the <brand>.localhost preview hosts and let pages reach them (a staging machine)")
    .option("--listen <port>", "plain HTTP port (only redirects to HTTPS when TLS is on)", "80")
    .option("--address <ip>", "listen on this address only (default: every address)")
    .option("--tls-cert <file>", "serve HTTPS with this certificate (PEM, full chain)")
    .option("--tls-key <file>", "and this key (PEM)")
    .option("--tls-listen <port>", "HTTPS port", "443")
    .option("--pid <file>", "nginx pid file", "/run/nginx-storefront.pid")
    .option("--error-log <file>", "nginx error log", "/var/log/nginx/storefront-error.log")
    .option("--access-log <file>", "nginx access log", "/var/log/nginx/storefront-access.log")
    .option("--out <file>", "where to write it ('-' for standard output)", "deploy/nginx.conf")
    .addOption(formatOption({ sarif: true }))
    .addHelpText(
      "after",
      "\nExamples:\n  gen build && gen deploy-config --nginx\n  gen deploy-config --nginx --root /srv/storefront/dist --upstream http://10.0.0.5:8080 \\\n    --tls-cert /etc/ssl/store.pem --tls-key /etc/ssl/store.key --out /etc/nginx/storefront.conf\n  gen deploy-config --nginx --out - | less\n\nSee docs/deploy.md.\n\nExit codes: 0 written, 1 invalid config or dist/ built from another config (nothing written),\n2 usage error (no target, bad option, dist/ not built).",
    )
    .action(async (file: string, opts: DeployOptions) => {
      done(await deployConfig(file, opts, io, colorOn()));
    });
}

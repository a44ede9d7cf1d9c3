// `gen verify`: the command line of generator/verify/run.ts, loaded only when it runs.
import { type Command, Option } from "commander";
import type { VerifyOptions } from "../../generator/verify/run.ts";
import type { Done, Io } from "../io.ts";

export function verifyCommand(program: Command, io: Io, done: Done): Command {
  return program
    .command("verify")
    .description(
      "Check a deployed release against the build's inventory (dist/release.json): every host's pages byte for byte, every script and file by its hash, the headers, the service worker's release.",
    )
    .argument("<url>", "the scheme, hosts and port to check: https://* (every host of the release), https://*.example.com, or one host")
    .option("--dist <dir>", "the build that was deployed (its release.json)", "dist")
    .option(
      "--connect <ip[:port]>",
      "send every host's requests to this address (a load balancer, one server, a local nginx) instead of each host's DNS",
    )
    .addOption(
      new Option("--format <format>", "output format: text, json, or github (workflow annotations)")
        .choices(["text", "json", "github"])
        .default("text"),
    )
    .option("--watch <minutes>", "check again every N minutes and print only what changed, until stopped")
    .addHelpText(
      "after",
      [
        "",
        "Examples:",
        "  gen verify 'https://*'                                  # every host, through DNS",
        "  gen verify 'https://*' --connect 10.0.0.7               # one server behind the load balancer",
        "  gen verify https://pay.aurora.example --format github   # one host, as CI annotations",
        "  gen verify 'https://*' --watch 15 --format json         # every 15 minutes, only changes",
        "",
        "HTTPS trusts Node's certificate authorities and NODE_EXTRA_CA_CERTS (a file of extra CAs);",
        "NODE_OPTIONS=--use-openssl-ca makes Node use the system's store. Quote '*' in a shell.",
        'See docs/deploy.md, "Check a release".',
        "",
        "Exit codes: 0 everything as released, 1 a difference (or, with --watch, one in the last round),",
        "2 usage error (no release.json, bad URL or address).",
      ].join("\n"),
    )
    .action(async (url: string, opts: VerifyOptions) => {
      done(await (await import("../../generator/verify/run.ts")).runVerify(url, opts, io));
    });
}

// `gen new-brand`: the command line of generator/new-brand.ts.
import { type Command, Option } from "commander";
import { AREA_DEFAULTS, NEW_BRAND_COLOUR } from "../../generator/brand-answers.ts";
import { DEFAULT_FILE, type NewBrandOptions, newBrand } from "../../generator/new-brand.ts";
import type { Done, Io } from "../io.ts";
import { formatOption } from "./options.ts";

const EXAMPLES = `
Examples:
  gen new-brand nova                      # prompts for the rest on a terminal
  gen new-brand nova --name "Nova Games" --colour "#ff6a00" --hosts pay.nova.example \\
      --areas sea,ja --games "starfall:Starfall Legends@sea,moonrise@ja" --no-prompt
  gen new-brand nova --dry-run            # print the entry, write nothing
  gen new-brand config/brands.yaml        # another file; the id is prompted for

Values left out get defaults: each area's usual languages, regions and currency; hosts, links,
API hosts and client ids on <id>.example, marked TODO in the file.

Exit codes: 0 added, 1 the result would be invalid (a clash, or the file has errors already;
nothing is written), 2 usage error, bad value or unreadable file.`;

export function newBrandCommand(cmd: Command, io: Io, done: Done): Command {
  return cmd
    .description("Add a brand skeleton to brands.yaml (flags, or prompts on a terminal), keeping the rest of the file as it is.")
    .argument("[id]", "brand id: lower-case letters, digits and dashes (prompted for on a terminal when left out)")
    .argument("[file]", "config file", DEFAULT_FILE)
    .option("--name <name>", "display name (default: from the id)")
    .option("--title <title>", "browser page title (default: '<name> Top-up Center')")
    .option("--colour <#rrggbb>", `brand colour (default: ${NEW_BRAND_COLOUR})`)
    .addOption(new Option("--color <#rrggbb>", "same as --colour").hideHelp())
    .option("--currency <code>", "default currency (default: the first area's, else USD)")
    .option("--hosts <list>", "production hosts, comma-separated (default: pay.<id>.example)")
    .option("--demo-hosts <list>", "demo hosts, each containing 'demo' (default: pay-demo.<id>.example)")
    .option("--areas <list>", `sales areas, comma-separated (default: universal; one of ${Object.keys(AREA_DEFAULTS).join(", ")})`)
    .option("--languages <list>", "languages of every area, first = default (default: each area's usual languages)")
    .option("--games <list>", "games as key[:Name][@area], comma-separated (default: one per area, named after the brand)")
    .option("--no-prompt", "never prompt; missing values get their defaults")
    .option("--dry-run", "print the entry that would be added and write nothing")
    .addOption(formatOption({ sarif: true }))
    .addHelpText("after", EXAMPLES)
    .action(async (id: string | undefined, file: string, opts: NewBrandOptions) => {
      done(await newBrand(id, file, opts, io));
    });
}

// Config files of 10 MB as operators' mistakes (or a generator gone wrong) make them, and one of
// real brands: what `gen validate` must accept or refuse within its bounds (core/node/config/budget.ts).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { syntheticConfig } from "./synthetic.ts";

const minimal = readFileSync(join(import.meta.dirname, "..", "tests", "fixtures", "valid", "minimal.yaml"), "utf8");

export const MB = 1024 * 1024;
/** Just under 10 MB. */
export const SHAPE_SIZE = 10 * MB - 4096;

const edit = (from: string, to: string) => {
  if (!minimal.includes(from)) throw new Error(`the minimal fixture has no '${from}'`);
  return minimal.replace(from, to);
};
const fill = (unit: string) => unit.repeat(Math.floor(SHAPE_SIZE / unit.length));

export const CONFIG_SHAPES: Record<string, () => string> = {
  "real brands (4,700 of them)": () => syntheticConfig(Math.floor((1000 * SHAPE_SIZE) / syntheticConfig(1000).length) - 20),
  "one 10 MB theme colour": () => edit("currency: USD", `currency: USD\n    themeColor: "#${fill("f")}"`),
  "one 10 MB area key": () => edit("      sea:\n", `      ${fill("a")}:\n`),
  "2.6 million languages in one area": () => edit("languages: [en, th]", `languages: [${fill("xx, ")}en]`),
  "650,000 unknown keys in one brand": () => {
    let key = 0;
    const keys = fill("    k0000000: 1\n").replace(/k0000000/g, () => `k${(key++).toString(36).padStart(7, "0")}`);
    return edit("    login: {}", `    login: {}\n${keys}`);
  },
  "1.7 million entries in the brands list": () => `huaweiClientId: "1"\nbrands:\n${fill("  - x\n")}`,
  "800,000 TODO comments": () => edit("    login: {}", `    login: {}\n${fill("    # TODO x\n")}`),
  "a list nested 5 million deep": () =>
    `huaweiClientId: "1"\nbrands: ${"[".repeat(SHAPE_SIZE / 2 - 64)}${"]".repeat(SHAPE_SIZE / 2 - 64)}\n`,
};

// The load phase's reading of the product's own files: the templates and the locales, each read once
// per compile and handed to resolve and emit as text (emitters do no I/O).
import { readdir, readFile } from "node:fs/promises";
import { basename, join } from "node:path";
import type { LocaleStrings, ProductInputs, TemplateName } from "./model.ts";
import { paths } from "./paths.ts";

const TEMPLATES: readonly TemplateName[] = [
  "index.html.hbs",
  "manifest.webmanifest.hbs",
  "sw.js.hbs",
  "twitterRedirect.html.hbs",
  "twitterRedirect.js",
  "unknown-host.html.hbs",
];

async function readTemplates(): Promise<ProductInputs["templates"]> {
  const texts = await Promise.all(TEMPLATES.map((name) => readFile(join(paths.templates, name), "utf8")));
  return Object.fromEntries(TEMPLATES.map((name, i) => [name, texts[i] as string])) as Record<TemplateName, string>;
}

async function readLocales(): Promise<ProductInputs["locales"]> {
  const files = (await readdir(paths.locales)).filter((f) => f.endsWith(".json")).sort();
  const parsed = await Promise.all(
    files.map(async (f) => [basename(f, ".json"), JSON.parse(await readFile(join(paths.locales, f), "utf8")) as LocaleStrings] as const),
  );
  return new Map(parsed);
}

export async function readProductInputs(): Promise<ProductInputs> {
  const [templates, locales] = await Promise.all([readTemplates(), readLocales()]);
  return { templates, locales };
}

// The checks of what a brand's players see: invisible direction controls in its texts, its colours'
// contrast, its icon, and the size of the module every player downloads first.
import { AA_NON_TEXT, AA_TEXT, contrast, PAGE_BG, themeTokens } from "../../browser/config/colour.ts";
import { previewHosts } from "../../browser/config/hosts.ts";
import type { BrandModule } from "../../browser/config/types.ts";
import type { BrandContext, BrandInput } from "./brand-context.ts";
import { BRAND_MODULE_BUDGET, brandModuleBytes } from "./brand-module.ts";
import { clip, type Diagnostic } from "./diagnostics.ts";
import { arr, obj, str } from "./loose.ts";

const HEX = /^#[0-9a-fA-F]{6}$/;
/** Bidirectional controls: they reorder what is shown without being seen (Trojan Source). */
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** Every displayed text of a brand: its name, title, copyright, game names, legal texts and footers. */
function displayTexts(raw: BrandInput): [string[], unknown][] {
  const texts: [string[], unknown][] = [
    [["name"], raw.name],
    [["title"], raw.title],
    [["copyright"], raw.copyright],
  ];
  for (const [key, game] of Object.entries(obj(raw.games))) texts.push([["games", key, "name"], obj(game).name]);
  for (const [areaId, area] of Object.entries(obj(raw.areas))) {
    arr(obj(area).legalFooters).forEach((f, j) => {
      texts.push([["areas", areaId, "legalFooters", String(j), "label"], obj(f).label]);
    });
  }
  const legal = obj(raw.legal);
  texts.push([["legal", "inquiry"], legal.inquiry]);
  for (const [key, notice] of Object.entries(obj(legal.commercialTransactions))) {
    for (const [field, value] of Object.entries(obj(notice))) texts.push([["legal", "commercialTransactions", key, field], value]);
  }
  return texts;
}

function textChecks(raw: BrandInput, { source, at }: BrandContext): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const [path, value] of displayTexts(raw)) {
    const text = str(value);
    const found = text?.match(BIDI);
    if (!text || !found) continue;
    const names = [...new Set(found)].map((c) => `U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`);
    out.push(
      source.diag(
        "bidi-control",
        at(...path),
        `'${clip(text.replace(BIDI, ""))}' holds invisible direction controls (${names.join(", ")})`,
      ),
    );
  }
  return out;
}

function themeChecks(raw: BrandInput, { source, at, iconExists }: BrandContext): Diagnostic[] {
  const out: Diagnostic[] = [];
  const themeColor = str(raw.themeColor);
  const themeText = str(raw.themeTextColor);
  if (themeColor && themeText && HEX.test(themeColor) && HEX.test(themeText) && contrast(themeColor, themeText) < AA_TEXT) {
    const derived = themeTokens(themeColor).onPrimary;
    out.push(
      source.diag(
        "low-contrast",
        at("themeTextColor"),
        `themeTextColor ${themeText} on themeColor ${themeColor} has a contrast of ${contrast(themeColor, themeText).toFixed(2)}:1, below the 4.5:1 that WCAG AA needs for text`,
        {
          hint: `The build uses ${derived} (${contrast(themeColor, derived).toFixed(2)}:1) instead; set that, or remove themeTextColor to let the generator derive it.`,
        },
      ),
    );
  }
  // Only a colour the operator chose: without one the brand gets the product's default, #00bbff, whose
  // contrast is the product's to answer for (docs/decisions.md, "Config checks an operator can trust").
  const written = source.sourceOf(at("themeColor")) !== undefined;
  if (written && themeColor && HEX.test(themeColor) && contrast(themeColor, PAGE_BG) < AA_NON_TEXT) {
    out.push(
      source.diag(
        "low-contrast-theme",
        at("themeColor"),
        `themeColor ${themeColor} has a contrast of ${contrast(themeColor, PAGE_BG).toFixed(2)}:1 against the page (${PAGE_BG}), below the 3:1 that buttons and outlines need (WCAG 1.4.11)`,
        { hint: "pick a darker or more saturated brand colour" },
      ),
    );
  }
  const icon = str(raw.icon);
  if (icon && !iconExists(icon)) out.push(source.diag("missing-icon", at("icon"), `icon file '${clip(icon)}' does not exist`));
  return out;
}

/** The brand's module as the build writes and serves it (./brand-module.ts): what its players download first. */
function moduleChecks(raw: BrandInput, { source, at, id, huaweiClientId }: BrandContext): Diagnostic[] {
  const themeColor = str(raw.themeColor);
  if (!themeColor || !HEX.test(themeColor)) return [];
  // The same object generator/resolve.ts builds; `raw` holds the schema's defaults by now.
  const module = {
    brand: raw,
    huaweiClientId,
    theme: themeTokens(themeColor, str(raw.themeTextColor)),
    previewHosts: previewHosts(id),
  } as unknown as BrandModule;
  const bytes = brandModuleBytes(module);
  if (bytes <= BRAND_MODULE_BUDGET) return [];
  return [
    source.diag(
      "brand-module-too-large",
      at("id"),
      `brand '${id}'s module is ${(bytes / 1024).toFixed(1)} KB gzip (${bytes} bytes), over the ${BRAND_MODULE_BUDGET / 1024} KB every one of its players downloads before the first screen`,
    ),
  ];
}

export function displayChecks(raw: BrandInput, ctx: BrandContext): Diagnostic[] {
  return [...textChecks(raw, ctx), ...themeChecks(raw, ctx), ...moduleChecks(raw, ctx)];
}

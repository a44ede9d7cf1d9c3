// The semantic checks of one brand (./semantic-pass.ts runs them): its areas, games, links, hosts,
// origins, texts, colours, icon and the size of its module. Defensive: the brand may be invalid.

import { AA_NON_TEXT, AA_TEXT, contrast, PAGE_BG, themeTokens } from "../../browser/config/colour.ts";
import { previewHosts } from "../../browser/config/hosts.ts";
import type { BrandModule } from "../../browser/config/types.ts";
import { BRAND_MODULE_BUDGET, brandModuleBytes } from "./brand-module.ts";
import { clip, closest, type Diagnostic, didYouMean, listHint } from "./diagnostics.ts";
import type { SourceFile } from "./load.ts";
import { arr, type Loose, obj, str } from "./loose.ts";
import { type OriginIndex, productionHostChecks, productionOriginChecks } from "./production-checks.ts";
import { brandsSchema } from "./schema-pass.ts";

/** A brand as the file gives it: not yet validated, so every field is read defensively (./loose.ts). */
export type BrandInput = Loose;

export { BRAND_MODULE_BUDGET } from "./brand-module.ts";

const defs = (brandsSchema as { $defs: Record<string, { enum?: string[]; pattern?: string }> }).$defs;
const SALES_AREAS = new Set(defs.salesAreaId?.enum);
const LANGUAGES = new Set(defs.language?.enum);
/** What the schema accepts as a client id: a value it refuses is its error alone. */
const CLIENT_ID = new RegExp(defs.clientId?.pattern ?? "^$");
const HEX = /^#[0-9a-fA-F]{6}$/;
/** Bidirectional controls: they reorder what is shown without being seen (Trojan Source). */
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export interface BrandContext {
  source: SourceFile;
  /** The pointer of a path inside this brand. */
  at: (...seg: (string | number)[]) => string;
  id: string;
  /** Every game client id of the config, with its brand, game and area. */
  gameOfClient: ReadonlyMap<string, { brand: string; game: string; area: string | undefined }>;
  localeExists: (lang: string) => boolean;
  iconExists: (path: string) => boolean;
  huaweiClientId: string;
  /** Every brand's demo and production origins, for the checks of this brand's production ones. */
  origins: OriginIndex;
  /** `file:line:col` of a pointer, to name where another use of a value is. */
  where: (pointer: string) => string;
}

export function checkBrand(raw: BrandInput, ctx: BrandContext): Diagnostic[] {
  return [
    ...areaChecks(raw, ctx),
    ...gameChecks(raw, ctx),
    ...linkChecks(raw, ctx),
    ...legalChecks(raw, ctx),
    ...productionHostChecks(raw, ctx),
    ...productionOriginChecks(raw, ctx),
    ...textChecks(raw, ctx),
    ...themeChecks(raw, ctx),
    ...moduleChecks(raw, ctx),
  ];
}

/** Real area ids the brand has, and misspelt area keys (the schema reports those once). */
function areasOf(raw: BrandInput): { ids: string[]; misspelt: string[] } {
  const keys = Object.keys(obj(raw.areas));
  return { ids: keys.filter((a) => SALES_AREAS.has(a)), misspelt: keys.filter((a) => !SALES_AREAS.has(a)) };
}

/**
 * An area the brand does not have: a diagnostic, unless a misspelt area key explains it (then the
 * schema's report of that key is the one problem, and this would only add noise and a wrong hint).
 */
function unknownArea(raw: BrandInput, area: string, report: (hint: string) => Diagnostic): Diagnostic[] {
  const { ids, misspelt } = areasOf(raw);
  if (ids.length === 0 || ids.includes(area)) return [];
  if (misspelt.some((key) => closest(key, [area]) !== undefined)) return [];
  return [report(didYouMean(area, ids) ?? `add area '${area}' to the brand's areas, or use one of ${ids.map((a) => `'${a}'`).join(", ")}`)];
}

function areaChecks(raw: BrandInput, { source, at, localeExists }: BrandContext): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const [areaId, areaRaw] of Object.entries(obj(raw.areas))) {
    const area = obj(areaRaw);
    const langs = arr(area.languages).filter((l): l is string => typeof l === "string" && LANGUAGES.has(l));
    arr(area.languages).forEach((lang, j) => {
      if (typeof lang !== "string" || !LANGUAGES.has(lang) || localeExists(lang)) return;
      out.push(
        source.diag("missing-locale", at("areas", areaId, "languages", j), `language '${lang}' has no locales/${lang}.json`, {
          hint: `add locales/${lang}.json (copy locales/en.json and translate it)`,
        }),
      );
    });
    const def = str(area.defaultLanguage);
    if (def && langs.length > 0 && !langs.includes(def)) {
      out.push(
        source.diag(
          "default-language-not-in-area",
          at("areas", areaId, "defaultLanguage"),
          `default language '${def}' is not one of area '${areaId}' languages`,
          { hint: `add '${def}' to languages or pick one of ${langs.map((l) => `'${l}'`).join(", ")}` },
        ),
      );
    }
  }
  return out;
}

function gameChecks(raw: BrandInput, { source, at, id }: BrandContext): Diagnostic[] {
  const out: Diagnostic[] = [];
  const gameKeys = Object.keys(obj(raw.games));
  for (const [key, gameRaw] of Object.entries(obj(raw.games))) {
    const area = str(obj(gameRaw).area);
    if (!area) continue;
    out.push(
      ...unknownArea(raw, area, (hint) =>
        source.diag(
          "game-area-not-in-brand",
          at("games", key, "area"),
          `game '${key}' is sold in area '${area}', which brand '${id}' does not have`,
          {
            hint,
          },
        ),
      ),
    );
  }
  const defaultGame = str(raw.defaultGame);
  if (defaultGame !== undefined && gameKeys.length > 0 && !gameKeys.includes(defaultGame)) {
    out.push(
      source.diag("unknown-default-game", at("defaultGame"), `default game '${defaultGame}' is not in the game table`, {
        hint: didYouMean(defaultGame, gameKeys) ?? listHint(gameKeys),
      }),
    );
  }
  // New-layout rules name areas and games the brand has.
  arr(obj(raw.layout).newLayoutRules).forEach((ruleRaw, r) => {
    const rule = obj(ruleRaw);
    arr(rule.regions).forEach((region, j) => {
      if (typeof region !== "string") return;
      out.push(
        ...unknownArea(raw, region, (hint) =>
          source.diag(
            "layout-rule-unknown-region",
            at("layout", "newLayoutRules", r, "regions", j),
            `layout rule names region '${region}', which brand '${id}' does not have`,
            { hint: hint.startsWith("did you") ? hint : listHint(areasOf(raw).ids) },
          ),
        ),
      );
    });
    arr(rule.games).forEach((game, j) => {
      if (typeof game === "string" && !gameKeys.includes(game)) {
        out.push(
          source.diag(
            "layout-rule-unknown-game",
            at("layout", "newLayoutRules", r, "games", j),
            `layout rule names game '${game}', which is not in the game table`,
            { hint: didYouMean(game, gameKeys) ?? listHint(gameKeys) },
          ),
        );
      }
    });
  });
  return out;
}

function linkChecks(raw: BrandInput, { source, at, id, gameOfClient }: BrandContext): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const [code, linkRaw] of Object.entries(obj(raw.shortLinks))) {
    const link = obj(linkRaw);
    const region = str(link.region);
    if (region) {
      out.push(
        ...unknownArea(raw, region, (hint) =>
          source.diag(
            "short-link-unknown-region",
            at("shortLinks", code, "region"),
            `short link '@${code}' opens region '${region}', which brand '${id}' does not have`,
            { hint: hint.startsWith("did you") ? hint : listHint(areasOf(raw).ids) },
          ),
        ),
      );
    }
    for (const [os, cidRaw] of Object.entries(obj(link.clientIdMap))) {
      const cid = str(cidRaw);
      if (!cid) continue;
      // A game whose own client id the schema refuses (`web: 1e400`) is the one error: the link may
      // well name the id that game was meant to have.
      if (Object.values(obj(raw.games)).some((g) => !CLIENT_ID.test(str(obj(obj(g).clientIdMap)[os]) ?? ""))) continue;
      const pointer = at("shortLinks", code, "clientIdMap", os);
      const owner = gameOfClient.get(cid);
      const ownGames = Object.entries(obj(raw.games))
        .filter(([, g]) => !region || str(obj(g).area) === region)
        .map(([key, g]) => `${key} (${str(obj(obj(g).clientIdMap)[os]) ?? "?"})`);
      if (!owner) {
        out.push(
          source.diag("short-link-unknown-client-id", pointer, `short link '@${code}' lands with client id '${cid}', which no game has`, {
            hint: ownGames.length ? `use the ${os} client id of one of the brand's games: ${ownGames.join(", ")}` : undefined,
          }),
        );
      } else if (owner.brand !== id) {
        out.push(
          source.diag(
            "short-link-foreign-client-id",
            pointer,
            `short link '@${code}' lands with client id '${cid}' of game '${owner.game}' of brand '${owner.brand}'`,
            { hint: ownGames.length ? `use the ${os} client id of one of this brand's games: ${ownGames.join(", ")}` : undefined },
          ),
        );
      } else if (region && areasOf(raw).ids.includes(region) && owner.area && owner.area !== region) {
        out.push(
          source.diag(
            "short-link-foreign-client-id",
            pointer,
            `short link '@${code}' opens area '${region}' with game '${owner.game}', which is sold in '${owner.area}'`,
            {
              hint: ownGames.length
                ? `use the ${os} client id of a game sold in '${region}': ${ownGames.join(", ")}`
                : `set region to '${owner.area}'`,
            },
          ),
        );
      }
    }
  }
  return out;
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

function legalChecks(raw: BrandInput, { source, at }: BrandContext): Diagnostic[] {
  const out: Diagnostic[] = [];
  const legal = obj(raw.legal);
  const games = obj(raw.games);
  const gameKeys = Object.keys(games);
  const notices = obj(legal.commercialTransactions);
  for (const key of Object.keys(notices)) {
    if (gameKeys.includes(key)) continue;
    out.push(
      source.diag(
        "legal-unknown-game",
        at("legal", "commercialTransactions", key),
        `commercial-transactions notice for '${key}', which is not in the game table`,
        {
          hint: didYouMean(key, gameKeys) ?? listHint(gameKeys),
          key: true,
        },
      ),
    );
  }
  // Japan: every product sold online needs its notice on specified commercial transactions; the
  // area is where the operator looks for what it sells.
  if (Object.hasOwn(obj(raw.areas), "ja")) {
    const missing = Object.entries(games)
      .filter(([key, game]) => str(obj(game).area) === "ja" && !Object.hasOwn(notices, key))
      .map(([key]) => key);
    if (missing.length) {
      const names = missing.map((key) => `'${clip(key)}'`).join(", ");
      out.push(
        source.diag(
          "ja-legal-missing",
          at("areas", "ja"),
          `area 'ja' sells game${missing.length > 1 ? "s" : ""} ${names} without a notice on specified commercial transactions`,
          {
            hint: `add legal.commercialTransactions.${clip(missing[0] ?? "")} (seller, address, contact, price, payment, delivery, returns)${missing.length > 1 ? ", and one for each game named" : ""}`,
            key: true,
          },
        ),
      );
    }
  }
  // Support hours: each range forwards on one day, the ranges in order and apart.
  const ranges = arr(legal.supportHours)
    .map((r, j) => ({ j, text: str(r) ?? "" }))
    .filter((r) => /^\d\d:\d\d-\d\d:\d\d$/.test(r.text));
  let previousEnd = -1;
  for (const { j, text } of ranges) {
    const [from = "", to = ""] = text.split("-");
    const start = minutes(from);
    const end = minutes(to);
    if (end <= start) {
      out.push(
        source.diag("support-hours-order", at("legal", "supportHours", j), `support hours '${text}' end before they start`, {
          hint: `write '${to}-${from}' if that is meant, or split a range across midnight into two (…-23:59 and 00:00-…)`,
        }),
      );
    } else if (start < previousEnd) {
      out.push(
        source.diag(
          "support-hours-order",
          at("legal", "supportHours", j),
          `support hours '${text}' overlap or precede the range before them`,
        ),
      );
    }
    previousEnd = Math.max(previousEnd, end);
  }
  return out;
}

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
      source.diag("bidi-control", at(...path), `'${text.replace(BIDI, "")}' holds invisible direction controls (${names.join(", ")})`),
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
  if (icon && !iconExists(icon)) out.push(source.diag("missing-icon", at("icon"), `icon file '${icon}' does not exist`));
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

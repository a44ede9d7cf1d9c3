// Refined pass: rules across fields and brands that JSON Schema cannot say. Written defensively,
// because it also runs on configs that failed the structural pass (all problems are reported at once).
import { existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { corePaths as paths } from "../paths.ts";
import { AA_TEXT, contrast, themeTokens } from "./colour.ts";
import { type Diagnostic, didYouMean, listHint } from "./diagnostics.ts";
import { previewHosts } from "./hosts.ts";
import { joinPointer, type SourceFile } from "./load.ts";
import { brandsSchema } from "./schema-pass.ts";

const defs = (brandsSchema as { $defs: Record<string, { enum: string[] }> }).$defs;
const SALES_AREAS = new Set(defs.salesAreaId?.enum);
const LANGUAGES = new Set(defs.language?.enum);

type Loose = Record<string, unknown>;
const isObj = (v: unknown): v is Loose => typeof v === "object" && v !== null && !Array.isArray(v);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const obj = (v: unknown): Loose => (isObj(v) ? v : {});
const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);

export interface SemanticOptions {
  localesDir?: string;
}

const HEX = /^#[0-9a-fA-F]{6}$/;

export function semanticPass(source: SourceFile, options: SemanticOptions = {}): Diagnostic[] {
  const out: Diagnostic[] = [];
  const localesDir = options.localesDir ?? paths.locales;
  const brands = arr(obj(source.data).brands);
  const brandIds = new Map<string, string>();
  const hostOwner = new Map<string, { brand: string; pointer: string; automatic: boolean }>();
  const clientOwner = new Map<string, { label: string; pointer: string }>();
  const localeChecked = new Map<string, boolean>();

  const claimHost = (host: string, brand: string, pointer: string, automatic: boolean) => {
    const prev = hostOwner.get(host);
    if (!prev) {
      hostOwner.set(host, { brand, pointer, automatic });
      return;
    }
    // A repeat inside one list is the schema's duplicate-item already.
    if (prev.pointer.replace(/\/\d+$/, "") === pointer.replace(/\/\d+$/, "")) return;
    const where = source.locate(prev.pointer);
    const owner = prev.brand === brand ? "this brand" : `brand '${prev.brand}'`;
    const what = prev.automatic ? `${owner}'s automatic preview host` : `${owner} at ${source.file}:${where.line}:${where.column}`;
    out.push(source.diag("duplicate-host", pointer, `host '${host}' is already used by ${what}`));
  };

  // Automatic preview hosts first, so a configured host that clashes with one is the one reported.
  brands.forEach((raw, i) => {
    const id = isObj(raw) ? str(raw.id) : undefined;
    if (!id || brandIds.has(id)) return;
    brandIds.set(id, joinPointer("brands", i, "id"));
    const preview = previewHosts(id);
    claimHost(preview.production, id, joinPointer("brands", i, "id"), true);
    claimHost(preview.demo, id, joinPointer("brands", i, "id"), true);
  });

  brands.forEach((raw, i) => {
    if (!isObj(raw)) return;
    const at = (...seg: (string | number)[]) => joinPointer("brands", i, ...seg);
    const id = str(raw.id) ?? `#${i}`;

    const first = brandIds.get(id);
    if (first !== undefined && first !== at("id") && str(raw.id)) {
      const where = source.locate(first);
      out.push(
        source.diag("duplicate-brand-id", at("id"), `brand id '${id}' is already used at ${source.file}:${where.line}:${where.column}`),
      );
    }

    // Hosts, within and across brands, including the automatic preview hosts.
    const hosts = obj(raw.hosts);
    for (const mode of ["production", "demo"] as const) {
      arr(hosts[mode]).forEach((h, j) => {
        if (typeof h === "string") claimHost(h, id, at("hosts", mode, j), false);
      });
    }

    const areas = obj(raw.areas);
    // Only real area ids: a misspelt key is already reported by the schema pass.
    const areaIds = Object.keys(areas).filter((a) => SALES_AREAS.has(a));
    const games = obj(raw.games);
    const gameKeys = Object.keys(games);

    // Languages of each area: a locale file each, and the default among them.
    for (const [areaId, areaRaw] of Object.entries(areas)) {
      const area = obj(areaRaw);
      const langs = arr(area.languages).filter((l): l is string => typeof l === "string" && LANGUAGES.has(l));
      arr(area.languages).forEach((lang, j) => {
        if (typeof lang !== "string" || !LANGUAGES.has(lang)) return;
        let exists = localeChecked.get(lang);
        if (exists === undefined) {
          exists = existsSync(resolve(localesDir, `${lang}.json`));
          localeChecked.set(lang, exists);
        }
        if (!exists) {
          out.push(
            source.diag("missing-locale", at("areas", areaId, "languages", j), `language '${lang}' has no locales/${lang}.json`, {
              hint: `add locales/${lang}.json (copy locales/en.json and translate it)`,
            }),
          );
        }
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

    // Games: area among the brand's, client ids unique across every game of every brand.
    for (const [key, gameRaw] of Object.entries(games)) {
      const game = obj(gameRaw);
      const area = str(game.area);
      if (area && areaIds.length > 0 && !areaIds.includes(area)) {
        out.push(
          source.diag(
            "game-area-not-in-brand",
            at("games", key, "area"),
            `game '${key}' is sold in area '${area}', which brand '${id}' does not have`,
            {
              hint:
                didYouMean(area, areaIds) ??
                `add area '${area}' to the brand's areas, or use one of ${areaIds.map((a) => `'${a}'`).join(", ")}`,
            },
          ),
        );
      }
      const map = obj(game.clientIdMap);
      for (const os of ["android", "ios", "web"]) {
        const cid = str(map[os]);
        if (!cid) continue;
        const pointer = at("games", key, "clientIdMap", os);
        const label = `game '${key}' of brand '${id}'`;
        const prev = clientOwner.get(cid);
        if (prev && prev.label !== label) {
          const where = source.locate(prev.pointer);
          out.push(
            source.diag(
              "duplicate-client-id",
              pointer,
              `client id '${cid}' is already used by ${prev.label} at ${source.file}:${where.line}:${where.column}`,
            ),
          );
        } else if (!prev) clientOwner.set(cid, { label, pointer });
      }
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
        if (typeof region === "string" && areaIds.length > 0 && !areaIds.includes(region)) {
          out.push(
            source.diag(
              "layout-rule-unknown-region",
              at("layout", "newLayoutRules", r, "regions", j),
              `layout rule names region '${region}', which brand '${id}' does not have`,
              {
                hint: didYouMean(region, areaIds) ?? listHint(areaIds),
              },
            ),
          );
        }
      });
      arr(rule.games).forEach((game, j) => {
        if (typeof game === "string" && !gameKeys.includes(game)) {
          out.push(
            source.diag(
              "layout-rule-unknown-game",
              at("layout", "newLayoutRules", r, "games", j),
              `layout rule names game '${game}', which is not in the game table`,
              {
                hint: didYouMean(game, gameKeys) ?? listHint(gameKeys),
              },
            ),
          );
        }
      });
    });

    // Short links open one of the brand's areas.
    for (const [code, linkRaw] of Object.entries(obj(raw.shortLinks))) {
      const region = str(obj(linkRaw).region);
      if (region && areaIds.length > 0 && !areaIds.includes(region)) {
        out.push(
          source.diag(
            "short-link-unknown-region",
            at("shortLinks", code, "region"),
            `short link '@${code}' opens region '${region}', which brand '${id}' does not have`,
            {
              hint: didYouMean(region, areaIds) ?? listHint(areaIds),
            },
          ),
        );
      }
    }

    // Legal notices are per game product.
    for (const key of Object.keys(obj(obj(raw.legal).commercialTransactions))) {
      if (!gameKeys.includes(key)) {
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
    }

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

    const icon = str(raw.icon);
    if (icon && !existsSync(resolve(dirname(resolve(source.file)), icon))) {
      out.push(source.diag("missing-icon", at("icon"), `icon file '${icon}' does not exist`));
    }
  });
  return out;
}

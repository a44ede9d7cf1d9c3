// The semantic checks of one brand (./semantic-pass.ts runs them): its areas and games here, its
// short links (./link-checks.ts), legal texts (./legal-checks.ts), what players see
// (./display-checks.ts), and its production hosts and origins (./production-checks.ts).
// Defensive: the brand may be invalid.
import { areasOf, type BrandContext, type BrandInput, LANGUAGES, unknownArea } from "./brand-context.ts";
import { clip, type Diagnostic, didYouMean, listHint } from "./diagnostics.ts";
import { displayChecks } from "./display-checks.ts";
import { legalChecks } from "./legal-checks.ts";
import { linkChecks } from "./link-checks.ts";
import { arr, obj, str } from "./loose.ts";
import { productionHostChecks, productionOriginChecks } from "./production-checks.ts";

export type { BrandContext, BrandInput } from "./brand-context.ts";
export { BRAND_MODULE_BUDGET } from "./brand-module.ts";

export function checkBrand(raw: BrandInput, ctx: BrandContext): Diagnostic[] {
  return [
    ...areaChecks(raw, ctx),
    ...gameChecks(raw, ctx),
    ...linkChecks(raw, ctx),
    ...legalChecks(raw, ctx),
    ...productionHostChecks(raw, ctx),
    ...productionOriginChecks(raw, ctx),
    ...displayChecks(raw, ctx),
  ];
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
          `default language '${clip(def)}' is not one of area '${clip(areaId)}' languages`,
          { hint: `add '${clip(def)}' to languages or pick one of ${langs.map((l) => `'${l}'`).join(", ")}` },
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
          `game '${clip(key)}' is sold in area '${clip(area)}', which brand '${id}' does not have`,
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
      source.diag("unknown-default-game", at("defaultGame"), `default game '${clip(defaultGame)}' is not in the game table`, {
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
            `layout rule names sales area '${clip(region)}', which brand '${id}' does not have`,
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
            `layout rule names game '${clip(game)}', which is not in the game table`,
            { hint: didYouMean(game, gameKeys) ?? listHint(gameKeys) },
          ),
        );
      }
    });
  });
  return out;
}

// What to say about a value outside one of the config's fixed sets. A real value the product does
// not ship says so (Dutch is a language, not a misspelt Polish); a country code where a language
// goes names the country's language; a region that is no country says what a payment region is;
// anything else gets a did-you-mean among values of the same kind (./suggest.ts), or the list.
import { clip } from "./diagnostic.ts";
import { didYouMean, listHint } from "./suggest.ts";

export interface ValueAdvice {
  /** Replaces the plain "'x' is not a …" when there is more to say. */
  message?: string;
  hint: string;
}

const languageNames = new Intl.DisplayNames(["en"], { type: "language", fallback: "none" });
const regionNames = new Intl.DisplayNames(["en"], { type: "region", fallback: "none" });

/** The English name of a language or region code, or undefined when it names none. */
function nameOf(names: Intl.DisplayNames, code: string): string | undefined {
  try {
    return names.of(code);
  } catch {
    return undefined; // not even a well-formed code
  }
}

const caseSlip = (value: string, shipped: readonly string[]) => shipped.find((s) => s.toLowerCase() === value.toLowerCase());

/** The shipped language of a country (`kr` → `ko`, `cn` → `zh-cn`), when `code` is a country code. */
function languageOfCountry(code: string, shipped: readonly string[]): string | undefined {
  if (!/^[a-z]{2}$/i.test(code) || !nameOf(regionNames, code.toUpperCase())) return undefined;
  const language = new Intl.Locale(`und-${code.toUpperCase()}`).maximize().language;
  return [`${language}-${code.toLowerCase()}`, language].find((l) => shipped.includes(l));
}

export function languageAdvice(value: string, shipped: readonly string[]): ValueAdvice {
  const slip = caseSlip(value, shipped);
  if (slip) return { hint: `did you mean '${slip}'?` };
  const shown = clip(value);
  const base = (value.split("-")[0] ?? "").toLowerCase();
  const regional = shipped.filter((s) => s.startsWith(`${value.toLowerCase()}-`));
  const named = (code: string) => nameOf(languageNames, code) ?? code;
  if (base !== value.toLowerCase() && shipped.includes(base))
    return { message: `'${shown}' (${named(value)}) is shipped as '${base}', for every region`, hint: `did you mean '${base}'?` };
  if (regional.length)
    return {
      message: `'${shown}' (${named(value)}) is shipped per region`,
      hint: `did you mean ${regional.map((r) => `'${r}'`).join(" or ")}?`,
    };
  const language = nameOf(languageNames, value);
  const ofCountry = languageOfCountry(value, shipped);
  if (ofCountry && ofCountry !== value) {
    const country = `${value.toUpperCase()} (${nameOf(regionNames, value.toUpperCase())})`;
    const what = language
      ? `${language}, which the storefront does not ship, or the country code ${country}`
      : `not a language but the country code ${country}`;
    return { message: `'${shown}' is ${what}`, hint: `did you mean '${ofCountry}' (${nameOf(languageNames, ofCountry) ?? ofCountry})?` };
  }
  if (language) {
    return {
      message: `'${shown}' (${language}) is a language the storefront does not ship`,
      hint: `it ships ${shipped.join(", ")}; a new language is a change to the product (a locales/ file and the schema's list), not to brands.yaml`,
    };
  }
  return { hint: didYouMean(value, shipped) ?? listHint(shipped, 20) };
}

/** Every country by its English name, to tell `UK` is ISO's `GB`. */
let countryByName: Map<string, string> | undefined;

export function regionAdvice(value: string, regions: readonly string[]): ValueAdvice {
  const slip = caseSlip(value, regions);
  if (slip) return { hint: `did you mean '${slip}'?` };
  const what = "a payment region is one country (ISO 3166-1 alpha-2, e.g. TH, DE, US), GLOBAL for the list without a region, or MMK";
  const name = /^[a-z]{2}$/i.test(value) ? nameOf(regionNames, value.toUpperCase()) : undefined;
  if (name) {
    countryByName ??= new Map(regions.flatMap((r) => (r.length === 2 ? [[nameOf(regionNames, r) ?? r, r] as [string, string]] : [])));
    const iso = countryByName.get(name);
    if (iso) return { message: `'${value}' (${name}) is not the code ISO 3166-1 gives it`, hint: `ISO 3166-1 writes it '${iso}'` };
    return { message: `'${value}' (${name}) is not a country`, hint: `${what}: list its countries` };
  }
  return { hint: didYouMean(value, regions) ?? what };
}

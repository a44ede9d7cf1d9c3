// The build's locale steps. A translation's empty or missing strings are filled from English, so a
// page loads its own language only and still never shows a key (ms and pl leave some strings empty).
// Each language is then cut in two chunks: the strings the first render of a storefront may show,
// loaded before it, and the rest, loaded once the first content is on screen (runtime/lib/i18n.ts).
import { englishStandIn, pluralBases, pluralCategories, pluralForm } from "./locale-plurals.ts";

/**
 * Deep-fills a translation's empty or missing strings from English, so a page loads its own language
 * only. A plural key gets exactly the language's own forms (`lang`'s CLDR categories): a missing one
 * from English's form of that category or else English's `other` (i18next would show the key, not
 * another form, for a count whose form is missing); forms the language does not use are dropped.
 */
export function fillFromEnglish(english: unknown, own: unknown, lang: string): unknown {
  if (typeof english === "string") return filled(own) ?? english;
  if (english && typeof english === "object") {
    const reference = english as Record<string, unknown>;
    const mine = own && typeof own === "object" ? (own as Record<string, unknown>) : {};
    const plurals = pluralBases(reference);
    const categories = plurals.size ? pluralCategories(lang) : [];
    const entries: [string, unknown][] = [];
    for (const [key, value] of Object.entries(reference)) {
      const form = pluralForm(key);
      const forms = form && plurals.get(form.base);
      if (!form || !forms) entries.push([key, fillFromEnglish(value, mine[key], lang)]);
      // All of a key's forms are written where English writes its `other`.
      else if (form.category === "other")
        for (const c of categories) entries.push([`${form.base}_${c}`, filled(mine[`${form.base}_${c}`]) ?? englishStandIn(forms, c)]);
    }
    return Object.fromEntries(entries);
  }
  return own ?? english;
}

const filled = (s: unknown) => (typeof s === "string" && s !== "" ? s : undefined);

/**
 * What the first render of any storefront page may show: the shell (header, navigation, footer,
 * notices) and the top-up page (game, character, goods, buy bar). Every screen loaded on demand (the
 * error pages too) waits for the rest, in parallel with its code (runtime/ui/deferred.tsx
 * `lazyWithStrings`). A group names all its strings, `group.key` one string and its plural forms. A
 * string missing here still shows once the rest arrives (the runtime re-renders), and the budget
 * test fails on it.
 */
export const FIRST_RENDER_STRINGS = [
  "app",
  "common",
  // Errors a first render can show: a failed load, the storage notice, a goods' limit, the header's
  // logout; the others belong to screens that wait for the rest (login, recharge, result, loyalty).
  "error.cookie",
  "error.limitReached",
  "error.logoutConfirm",
  "error.network",
  "error.query",
  "error.unpaidOrder",
  "footer",
  "game",
  "goods",
  "header",
  "nav",
  "offline",
  // The real-name notice; the verification page waits for the rest.
  "realName.notice",
  "realName.verify",
  // The character card; the server picker waits for the rest.
  "role.area",
  "role.level",
  "role.noRole",
  "role.role",
  "role.selectRole",
  "role.selectServer",
  "role.server",
  "role.topUpFor",
  "steps",
  "test",
  "login.confirmSwitch",
  "login.enterAccount",
  "login.loggedInAs",
  "login.logout",
  "login.switchAccount",
  "login.title",
  "recharge.buy",
  "recharge.chooseGoodsFirst",
  "recharge.title",
  "replenish.for",
  "replenish.reenter",
  "result.title",
  "result.toPay",
];

export type LocalePart = "first" | "later";

const isFirst = (path: string) =>
  FIRST_RENDER_STRINGS.some((p) => path === p || path.startsWith(`${p}.`) || new RegExp(`^${p.replace(".", "\\.")}_[a-z]+$`).test(path));

/** The strings of one part, in the same shape; groups with nothing in the part are left out. */
export function localePart(strings: unknown, part: LocalePart, prefix = ""): unknown {
  if (!strings || typeof strings !== "object") return undefined;
  const entries = Object.entries(strings as Record<string, unknown>).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === "object") {
      // A whole group in the first part goes there entire, without walking it.
      if (isFirst(path)) return part === "first" ? [[key, value]] : [];
      const inner = localePart(value, part, path) as Record<string, unknown>;
      return Object.keys(inner).length ? [[key, inner]] : [];
    }
    return isFirst(path) === (part === "first") ? [[key, value]] : [];
  });
  return Object.fromEntries(entries);
}

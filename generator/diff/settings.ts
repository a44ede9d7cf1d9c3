// `gen diff`, every setting of a brand that the other comparisons (./model-changes.ts) do not name:
// its name, title, colours, links, support, sign-in providers, features, legal notices, short
// links… one line per value that differs, by its path in brands.yaml, so no change goes unreported.
import type { Brand } from "../../core/browser/config/types.ts";

export interface SettingChange {
  /** Its place in the brand's entry, dotted (`login.google.clientId`). */
  path: string;
  before?: string;
  after?: string;
}

/** Values compared elsewhere, with their own words and risk. */
const COMPARED = [
  /^\/(id|hosts|api|layout)(\/|$)/,
  /^\/areas\/[^/]+\/(languages|defaultLanguage|currency|regions|loginClientId)$/,
  /^\/games\/[^/]+\/(clientIdMap|area)(\/|$)/,
  /^\/shortLinks\/[^/]+\/clientIdMap(\/|$)/,
];

/** A whole area or game added or removed is one change of its own. */
const WHOLE = /^\/(areas|games)\/[^/]+$/;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** A value as the report shows it: text as it is, anything else as JSON, long values cut. */
function shown(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}

function* leaves(before: unknown, after: unknown, path: string): Generator<SettingChange> {
  if (COMPARED.some((re) => re.test(path))) return;
  if ((before === undefined || after === undefined) && WHOLE.test(path)) return;
  if (isRecord(before) && isRecord(after)) {
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) yield* leaves(before[key], after[key], `${path}/${key}`);
    return;
  }
  if (JSON.stringify(before) === JSON.stringify(after)) return;
  yield { path: path.slice(1).replaceAll("/", "."), before: shown(before), after: shown(after) };
}

/**
 * The settings of one brand that differ. The brand's own currency is each area's unless the area
 * names one: a change that moves an area's currency is reported there, so here only when none did.
 */
export function settingChanges(before: Brand, after: Brand, currencyReported: boolean): SettingChange[] {
  return [...leaves(before, after, "")].filter((change) => !(change.path === "currency" && currencyReported));
}

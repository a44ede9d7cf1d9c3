// Aliases may repeat data, not multiply it (docs/decisions.md, "Alias limits"): the parsed data may
// expand to ALIAS_MULTIPLE times the file's size (its JSON is ~0.8 times a real config's YAML), and
// at least ALIAS_FLOOR for a small file. Beyond that the file is refused before any pass walks it.
import { joinPointer } from "./pointers.ts";

export const ALIAS_MULTIPLE = 10;
export const ALIAS_FLOOR = 16 * 1024;
export const aliasLimit = (text: string) => Math.max(ALIAS_MULTIPLE * text.length, ALIAS_FLOOR);

class Over {
  constructor(readonly pointer: string) {}
}

/**
 * Where the parsed data, expanded in document order, first goes over `limit` characters of JSON:
 * the pointer of the value (an alias, in a bomb) that takes it over, or undefined when it never
 * does. Nothing is expanded: aliases share objects, so an alias's size is known from its first
 * occurrence and counted at once, and the walk stops at the limit.
 */
export function aliasOverflow(value: unknown, limit: number): { pointer: string; size: number } | undefined {
  const sizes = new Map<object, number>();
  const path: (string | number)[] = [];
  let total = 0;
  const add = (n: number) => {
    total += n;
    if (total > limit) throw new Over(joinPointer(...path));
  };
  const visit = (v: unknown) => {
    if (v === null || typeof v !== "object") return add(typeof v === "string" ? v.length + 2 : String(v).length);
    const known = sizes.get(v);
    if (known !== undefined) return add(known);
    sizes.set(v, 0); // a cycle (js-yaml does not make them) counts once
    const before = total;
    add(2);
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        path.push(i);
        add(1);
        visit(v[i]);
        path.pop();
      }
    } else {
      for (const key in v) {
        path.push(key);
        add(key.length + 4);
        visit((v as Record<string, unknown>)[key]);
        path.pop();
      }
    }
    sizes.set(v, total - before);
  };
  try {
    visit(value);
    return undefined;
  } catch (err) {
    if (err instanceof Over) return { pointer: err.pointer, size: total };
    throw err;
  }
}

/** A size as the alias diagnostic says it: 2.1 KB, 21 KB. */
export const kilobytes = (n: number) => `${n < 10 * 1024 ? (n / 1024).toFixed(1).replace(/\.0$/, "") : Math.round(n / 1024)} KB`;

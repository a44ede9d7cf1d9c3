// Reading a config that may not be valid: every access checks the type and gives an empty default.
export type Loose = Record<string, unknown>;

export const isObj = (v: unknown): v is Loose => typeof v === "object" && v !== null && !Array.isArray(v);
export const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
export const obj = (v: unknown): Loose => (isObj(v) ? v : {});
export const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);

/**
 * Calls `visit` with every string of a config's data, in document order, and a function that makes
 * its JSON pointer (made only when asked: most strings need none). Brands in `skip` (by index) are
 * not visited.
 */
export function forEachString(data: unknown, visit: (text: string, pointer: () => string) => void, skip?: ReadonlySet<number>): void {
  const path: (string | number)[] = [];
  const pointer = () => path.map((s) => `/${String(s).replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");
  const walk = (value: unknown): void => {
    if (typeof value === "string") visit(value, pointer);
    else if (Array.isArray(value)) {
      const skipping = path.length === 1 && path[0] === "brands" ? skip : undefined;
      for (let i = 0; i < value.length; i++) {
        if (skipping?.has(i)) continue;
        path.push(i);
        walk(value[i]);
        path.pop();
      }
    } else if (isObj(value)) {
      for (const key in value) {
        path.push(key);
        walk(value[key]);
        path.pop();
      }
    }
  };
  walk(data);
}

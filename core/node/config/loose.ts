// Reading a config that may not be valid: every access checks the type and gives an empty default.
export type Loose = Record<string, unknown>;

export const isObj = (v: unknown): v is Loose => typeof v === "object" && v !== null && !Array.isArray(v);
export const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
export const obj = (v: unknown): Loose => (isObj(v) ? v : {});
export const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);

/** Every string of a value with its JSON pointer, in document order. */
export function* stringsOf(value: unknown, pointer = ""): Generator<[pointer: string, text: string]> {
  if (typeof value === "string") yield [pointer, value];
  else if (Array.isArray(value)) for (const [i, v] of value.entries()) yield* stringsOf(v, `${pointer}/${i}`);
  else if (isObj(value))
    for (const [k, v] of Object.entries(value)) yield* stringsOf(v, `${pointer}/${k.replace(/~/g, "~0").replace(/\//g, "~1")}`);
}

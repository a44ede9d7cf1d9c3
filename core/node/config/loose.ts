// Reading a config that may not be valid: every access checks the type and gives an empty default.
export type Loose = Record<string, unknown>;

export const isObj = (v: unknown): v is Loose => typeof v === "object" && v !== null && !Array.isArray(v);
export const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
export const obj = (v: unknown): Loose => (isObj(v) ? v : {});
export const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);

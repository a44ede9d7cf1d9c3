// The config types the generator works with: generated from the schema, never written by hand.
export type { Brand, BrandsConfig } from "../runtime/generated/config-types.ts";

// The brand config's types (generated from schema/brands.schema.json, never written by hand) and
// the contract between the generator and the storefront: what one brand's module holds.
import type { Brand } from "../generated/config-types.ts";

export type {
  Brand,
  BrandsConfig,
  CommercialTransactionsNotice,
  Game,
  Language,
  SalesArea,
  SalesAreaId,
} from "../generated/config-types.ts";

/** Colours derived by the generator so text stays readable (WCAG 4.5:1) on any brand colour. */
export interface ThemeTokens {
  primary: string;
  onPrimary: string;
  /** The brand colour as text or icon, readable on white, the page background and the 10 % brand tint. */
  primaryText: string;
}

/** What one brand's lazily loaded module holds. */
export interface BrandModule {
  brand: Brand;
  huaweiClientId: string;
  theme: ThemeTokens;
  previewHosts: { production: string; demo: string };
}

export type HostMode = "production" | "demo";

/** The brand a host serves, and its mode. */
export interface HostEntry {
  brand: string;
  mode: HostMode;
}
/** Host → the brand it serves and its mode. */
export type HostMap = Record<string, HostEntry>;

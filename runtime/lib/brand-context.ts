// The brand the storefront became for this host, and the mode (production or demo) it runs in.
import { createContext, useContext } from "react";
import type { Brand, BrandModule } from "../generated/types.ts";

export type Mode = "production" | "demo";

export interface BrandRuntime {
  module: BrandModule;
  brand: Brand;
  mode: Mode;
}

/** Demo (beta) mode applies when the host contains 'demo' (spec §1). */
export function modeForHost(hostname: string): Mode {
  return hostname.includes("demo") ? "demo" : "production";
}

export const BrandContext = createContext<BrandRuntime | null>(null);

export function useBrand(): BrandRuntime {
  const value = useContext(BrandContext);
  if (!value) throw new Error("useBrand outside BrandContext");
  return value;
}

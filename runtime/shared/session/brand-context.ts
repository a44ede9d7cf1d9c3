// The brand the storefront became for this host, and the mode (production or demo) it runs in.
import { createContext, useContext } from "react";
import type { Brand, BrandModule, HostMode } from "../../../core/browser/config/types.ts";

export type Mode = HostMode;

export interface BrandRuntime {
  module: BrandModule;
  brand: Brand;
  mode: Mode;
}

export const BrandContext = createContext<BrandRuntime | null>(null);

export function useBrand(): BrandRuntime {
  const value = useContext(BrandContext);
  if (!value) throw new Error("useBrand outside BrandContext");
  return value;
}

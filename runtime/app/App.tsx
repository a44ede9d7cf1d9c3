// Providers around the router of the layout version this brand's rules chose.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useMemo } from "react";
import { I18nextProvider } from "react-i18next";
import { RouterProvider } from "react-router-dom";
import { BrandContext } from "../lib/brand-context.ts";
import { SessionContext } from "../lib/session-context.ts";
import type { Boot } from "./bootstrap.ts";
import { createRouter } from "./router.tsx";

export function App({ boot }: { boot: Boot }) {
  const router = useMemo(() => createRouter(boot.layout, boot.runtime.brand), [boot]);
  const queryClient = useMemo(() => new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } }), []);
  return (
    <BrandContext.Provider value={boot.runtime}>
      <I18nextProvider i18n={boot.i18n}>
        <QueryClientProvider client={queryClient}>
          <SessionContext.Provider value={boot.session}>
            <RouterProvider router={router} />
          </SessionContext.Provider>
        </QueryClientProvider>
      </I18nextProvider>
    </BrandContext.Provider>
  );
}

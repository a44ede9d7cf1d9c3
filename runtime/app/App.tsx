// Providers around the router of the layout version this brand's rules chose.
import { QueryClientProvider } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { confirmStoredTestAccount } from "../features/login/test-mode.ts";
import { afterFirstContent } from "../lib/first-content.ts";
import { ServicesContext } from "../shared/services.ts";
import { BrandContext } from "../shared/session/brand-context.ts";
import { SessionContext } from "../shared/session/session-context.ts";
import { uiActions } from "../shared/ui-actions.ts";
import { loadLaterStringsAfterFirstContent } from "../ui/deferred.tsx";
import { TipProvider } from "../ui/tip.tsx";
import { ToastProvider } from "../ui/toast.tsx";
import type { Boot } from "./bootstrap.ts";
import { createRoutes, StoreRouter } from "./router.tsx";
import { StringsProvider } from "./strings-provider.tsx";

/**
 * Paths that show without a sales area: the error pages and links that work before an area is known
 * (docs/decisions.md, "Runtime core").
 */
const AREA_FREE = ["/notArea", "/showError", "/errorReplenish", "/replenishGoods", "/certifiedReal", "/@"];

export function App({ boot }: { boot: Boot }) {
  const routes = useMemo(() => createRoutes(boot.layout, boot.runtime.brand), [boot]);
  const { services, queryClient } = boot;

  useEffect(() => {
    if (!boot.session.area && !AREA_FREE.some((p) => window.location.pathname.startsWith(p)))
      uiActions.navigate("/notArea", { replace: true });
    services.tracker.track("viewPage", { path: window.location.pathname });
    void confirmStoredTestAccount(services);
    void loadLaterStringsAfterFirstContent();
  }, [boot, services]);

  useEffect(() => {
    // The Korean payment script (and its loader) come after the first content, on Korean pages only.
    const load = (lang: string) => {
      if (lang !== "ko") return;
      void afterFirstContent()
        .then(() => import("../lib/kr-script.ts"))
        .then((kr) => (kr.shouldLoadKoreanScript(lang, navigator.userAgent) ? kr.loadKoreanScript(services.apiHost()) : undefined))
        .catch(() => undefined);
    };
    load(boot.i18n.language);
    boot.i18n.on("languageChanged", load);
    // Logged out in another tab (the stored token cleared): start afresh.
    const onStorage = (event: StorageEvent) => {
      if (event.key === "oauth_token" && event.newValue === null) void queryClient.invalidateQueries();
    };
    window.addEventListener("storage", onStorage);
    return () => {
      boot.i18n.off("languageChanged", load);
      window.removeEventListener("storage", onStorage);
    };
  }, [boot, services, queryClient]);

  return (
    <BrandContext.Provider value={boot.runtime}>
      <StringsProvider i18n={boot.i18n}>
        <ServicesContext.Provider value={services}>
          <QueryClientProvider client={queryClient}>
            <SessionContext.Provider value={boot.session}>
              <ToastProvider>
                <TipProvider>
                  <StoreRouter routes={routes} />
                </TipProvider>
              </ToastProvider>
            </SessionContext.Provider>
          </QueryClientProvider>
        </ServicesContext.Provider>
      </StringsProvider>
    </BrandContext.Provider>
  );
}

// Providers around the router of the layout version this brand's rules chose.
import { QueryClientProvider } from "@tanstack/react-query";
import { useEffect, useMemo, useRef } from "react";
import { I18nextProvider } from "react-i18next";
import type { NavigateFunction } from "react-router-dom";
import { openLogin } from "../features/login/session.ts";
import { confirmStoredTestAccount } from "../features/login/test-mode.ts";
import { BrandContext } from "../lib/brand-context.ts";
import { afterFirstContent } from "../lib/first-content.ts";
import { SessionContext } from "../lib/session-context.ts";
import { loadLaterStringsAfterFirstContent } from "../ui/deferred.tsx";
import { TipProvider } from "../ui/tip.tsx";
import { ToastProvider } from "../ui/toast.tsx";
import type { Boot } from "./bootstrap.ts";
import { createRoutes, StoreRouter } from "./router.tsx";
import { RELOAD_COUPONS_EVENT, ServicesContext } from "./services.ts";

/** Paths that show without a sales area (SPEC-NOTES: before an area is known, error pages). */
const AREA_FREE = ["/notArea", "/showError", "/errorReplenish", "/replenishGoods", "/certifiedReal", "/@"];

export function App({ boot }: { boot: Boot }) {
  const routes = useMemo(() => createRoutes(boot.layout, boot.runtime.brand), [boot]);
  // The router's navigate, for services and effects outside the route tree.
  const navigateRef = useRef<NavigateFunction | null>(null);
  const toastRef = useRef<(message: string) => void>(() => undefined);
  const { services, queryClient } = boot;

  useEffect(() => {
    boot.bindUi({
      navigate: (to) => void navigateRef.current?.(to),
      toast: (message) => toastRef.current(message),
      openLogin,
    });
  }, [boot]);

  useEffect(() => {
    if (!boot.session.area && !AREA_FREE.some((p) => window.location.pathname.startsWith(p)))
      void navigateRef.current?.("/notArea", { replace: true });
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
    const reloadCoupons = () => void queryClient.invalidateQueries({ queryKey: ["coupons"] });
    window.addEventListener(RELOAD_COUPONS_EVENT, reloadCoupons);
    return () => {
      window.removeEventListener(RELOAD_COUPONS_EVENT, reloadCoupons);
      boot.i18n.off("languageChanged", load);
      window.removeEventListener("storage", onStorage);
    };
  }, [boot, services, queryClient]);

  return (
    <BrandContext.Provider value={boot.runtime}>
      <I18nextProvider i18n={boot.i18n}>
        <ServicesContext.Provider value={services}>
          <QueryClientProvider client={queryClient}>
            <SessionContext.Provider value={boot.session}>
              <ToastProvider show={(show) => (toastRef.current = show)}>
                <TipProvider>
                  <StoreRouter routes={routes} onNavigate={(navigate) => (navigateRef.current = navigate)} />
                </TipProvider>
              </ToastProvider>
            </SessionContext.Provider>
          </QueryClientProvider>
        </ServicesContext.Provider>
      </I18nextProvider>
    </BrandContext.Provider>
  );
}

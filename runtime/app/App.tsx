// Providers around the router of the layout version this brand's rules chose.
import { onlineManager, QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useEffect, useMemo, useRef } from "react";
import { I18nextProvider } from "react-i18next";
import type { NavigateFunction } from "react-router-dom";
import { confirmStoredTestAccount } from "../features/login/test-mode.ts";
import { prefetchTopUp } from "../features/purchase/queries.ts";
import { BrandContext } from "../lib/brand-context.ts";
import { afterFirstContent } from "../lib/first-content.ts";
import { isOffline } from "../lib/online.ts";
import { trackInstall } from "../lib/pwa.ts";
import { SessionContext } from "../lib/session-context.ts";
import { setItem } from "../lib/storage.ts";
import { loadLaterStringsAfterFirstContent } from "../ui/deferred.tsx";
import { TipProvider } from "../ui/tip.tsx";
import { ToastProvider } from "../ui/toast.tsx";
import type { Boot } from "./bootstrap.ts";
import { createRoutes, StoreRouter } from "./router.tsx";
import { createServices, RELOAD_COUPONS_EVENT, ServicesContext } from "./services.ts";

/** Paths that show without a sales area (SPEC-NOTES: before an area is known, error pages). */
/** Where the first screen is the goods of the current game (the entry redirects there). */
const TOP_UP_PATHS = ["/", "/selectGoods"];

const AREA_FREE = ["/notArea", "/showError", "/errorReplenish", "/replenishGoods", "/certifiedReal", "/@"];

export function App({ boot }: { boot: Boot }) {
  const routes = useMemo(() => createRoutes(boot.layout, boot.runtime.brand), [boot]);
  // The router's navigate, for services and effects outside the route tree.
  const navigateRef = useRef<NavigateFunction | null>(null);
  const toastRef = useRef<(message: string) => void>(() => undefined);
  const services = useMemo(
    () =>
      createServices({
        runtime: boot.runtime,
        game: boot.session.game,
        i18n: boot.i18n,
        location: window.location,
        navigate: (to) => void navigateRef.current?.(to),
        toast: (message) => toastRef.current(message),
        openLogin: () => window.dispatchEvent(new CustomEvent("sf:open-login")),
      }),
    [boot],
  );
  const queryClient = useMemo(() => {
    // Queries wait while offline and run when the connection is back; TanStack Query only learns
    // from the online/offline events, so a page opened offline must tell it.
    onlineManager.setOnline(!isOffline());
    return new QueryClient({
      queryCache: new QueryCache({ onError: (error) => services.handleError(error) }),
      defaultOptions: {
        queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false },
        // An action taken offline fails at once with the offline message instead of waiting, unseen, to run later.
        mutations: { networkMode: "always" },
      },
    });
  }, [services]);

  useEffect(() => {
    const { area } = boot.session;
    // The top-up page's data loads alongside the layout's code, not after it.
    if (area && TOP_UP_PATHS.includes(window.location.pathname)) prefetchTopUp(queryClient, services, area);
    if (area) setItem("payment_domain_area", area);
    else if (!AREA_FREE.some((p) => window.location.pathname.startsWith(p))) void navigateRef.current?.("/notArea", { replace: true });
    services.tracker.track("viewPage", { path: window.location.pathname });
    void confirmStoredTestAccount(services);
    void loadLaterStringsAfterFirstContent();
    return trackInstall(services.tracker);
  }, [boot, services, queryClient]);

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

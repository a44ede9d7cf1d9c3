// Start-up work before the first render: the brand module, then, at once, the language's strings
// and the top-up page's platform data, so the data never waits for React to mount.
import { onlineManager, QueryCache, QueryClient } from "@tanstack/react-query";
import type { i18n } from "i18next";
import { modeForHost } from "../../core/browser/config/hosts.ts";
import { chooseLayout, type LayoutVersion } from "../../core/browser/config/layout.ts";
import type { BrandModule } from "../../core/browser/config/types.ts";
import { layoutRoutes } from "../generated/routes.ts";
import { watchInteractions } from "../lib/after-paint.ts";
import { createI18n } from "../lib/i18n.ts";
import { nextTask } from "../lib/next-task.ts";
import { isOffline } from "../lib/online.ts";
import { setItem } from "../lib/storage.ts";
import type { Services } from "../shared/services.ts";
import type { BrandRuntime } from "../shared/session/brand-context.ts";
import type { Session } from "../shared/session/session-context.ts";
import { uiActions } from "../shared/ui-actions.ts";
import { prefetchTopUp } from "./prefetch-top-up.ts";
import { createServices } from "./services.ts";
import { isTopUpEntry, resolveStart } from "./start-plan.ts";

export interface Boot {
  runtime: BrandRuntime;
  session: Session;
  i18n: i18n;
  layout: LayoutVersion;
  services: Services;
  queryClient: QueryClient;
}

function createQueryClient(services: Services): QueryClient {
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
}

export class UnknownBrandError extends Error {}

/** How long the first render waits for the top-up's data at most; the skeletons show after it. */
const FIRST_DATA_WAIT_MS = 1000;

/** The brand module URL the per-brand HTML names; absent on a page that is no brand's. */
function brandModuleUrl(): string {
  const url = document.querySelector<HTMLMetaElement>('meta[name="sf-brand-module"]')?.content;
  if (!document.documentElement.dataset.brand || !url) throw new UnknownBrandError("no brand on this page");
  return url;
}

export async function bootstrap(location: Location): Promise<Boot> {
  const module = ((await import(/* @vite-ignore */ brandModuleUrl())) as { default: BrandModule }).default;
  // The steps below are each a task of their own (lib/next-task.ts): none holds up a tap.
  await nextTask();
  const { brand } = module;
  const params = new URLSearchParams(location.search);
  const { area, game, lang } = resolveStart(brand, location.search, navigator.languages);
  const areaConfig = area ? brand.areas[area] : Object.values(brand.areas)[0];
  applyBrand(module);
  const layout = chooseLayout(brand, area, game);
  // spec_lang=keys is the pseudo-locale of tests and translators: every text shows its key.
  const strings = createI18n(params.get("spec_lang") === "keys" ? "cimode" : lang);
  let i18n: i18n | undefined;
  const runtime = { module, brand, mode: modeForHost(location.hostname) };
  watchInteractions();
  const services = createServices({
    runtime,
    game,
    language: () => i18n?.language ?? lang,
    t: (key) => i18n?.t(key) ?? key,
    location,
    // What the services ask of the screen waits in the store until the app binds it.
    ui: uiActions,
  });
  // Saved before any call: a -3014 answer (wrong domain) clears it again.
  if (area) setItem("payment_domain_area", area);
  const queryClient = createQueryClient(services);
  await nextTask();
  const topUp =
    area && isTopUpEntry(layoutRoutes[layout], location.pathname, brand.features) ? prefetchTopUp(queryClient, services, area) : undefined;
  await nextTask();
  i18n = await strings;
  await nextTask();
  // The HTML's shell shows the top-up's first screen meanwhile: the first render waits a moment for
  // its data (already on its way from the page's first script), so the page is drawn once, with it,
  // instead of skeletons then a second render as each answer lands.
  if (topUp) await Promise.race([topUp, new Promise((resolve) => setTimeout(resolve, FIRST_DATA_WAIT_MS))]);
  return {
    runtime,
    i18n,
    session: { area, areaConfig, game, languages: areaConfig?.languages ?? ["en"] },
    layout,
    services,
    queryClient,
  };
}

/** Title, colour tokens, theme colour and icon, so a page opened without its HTML still looks right. */
function applyBrand({ brand, theme }: BrandModule): void {
  document.title = brand.title;
  const root = document.documentElement;
  root.dataset.brand = brand.id;
  root.style.setProperty("--sf-color-primary", theme.primary);
  root.style.setProperty("--sf-color-on-primary", theme.onPrimary);
  root.style.setProperty("--sf-color-primary-text", theme.primaryText);
  document.querySelector('meta[name="theme-color"]')?.setAttribute("content", theme.primary);
}

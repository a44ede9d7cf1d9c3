// Turns the generated route manifest of one layout version into react-router routes.
import { type ReactNode, useMemo } from "react";
import { BrowserRouter, matchRoutes, Navigate, type RouteObject, renderMatches, useLocation, useParams } from "react-router-dom";
import type { LayoutVersion } from "../../core/browser/config/layout.ts";
import type { Brand } from "../../core/browser/config/types.ts";
import { ScreenSkeleton } from "../features/shell/ScreenSkeleton.tsx";
import { newLayoutRoutes, oldLayoutRoutes, type RouteEntry, type Screen } from "../generated/routes.ts";
import { FirstContentMark, lazyPart, lazyWithStrings } from "../ui/deferred.tsx";
import { Loaded, PartBoundary, PartError } from "../ui/part-boundary.tsx";
import NewLayout from "./layouts/NewLayout.tsx";
import OldLayout from "./layouts/OldLayout.tsx";
import { NewSelectGoods, OldSelectGame, OldSelectGoods } from "./pages/purchase/screens.tsx";
import { type RouteHandle, RouteMatchesContext, routeMatches } from "./route-matches.ts";
import { UiActionHost } from "./ui-action-host.tsx";

// The account pages are not part of the first render of the top-up.
const ActivityPage = lazyWithStrings(() => import("../features/loyalty/ActivityPage.tsx"));
const MyPage = lazyWithStrings(() => import("../features/loyalty/MyPage.tsx"));
const VipCenterPage = lazyWithStrings(() => import("../features/loyalty/VipCenterPage.tsx"));
const ReplenishPage = lazyWithStrings(() => import("./pages/ReplenishGoods.tsx"));
// Nor are the error and hand-over pages; their strings are not in the first part either.
const MessagePage = lazyWithStrings(() => import("../features/errors/MessagePage.tsx").then((m) => ({ default: m.MessagePage })));
const NotFoundPage = lazyWithStrings(() => import("../features/errors/NotFoundPage.tsx").then((m) => ({ default: m.NotFoundPage })));
const CertifiedRealPage = lazyWithStrings(() =>
  import("../features/real-name/CertifiedRealPage.tsx").then((m) => ({ default: m.CertifiedRealPage })),
);
// The old layout's recharge and result pages: their panels wait for the rest of the strings anyway.
const OldRecharge = lazyWithStrings(() => import("./pages/purchase/old-steps.tsx").then((m) => ({ default: m.OldRecharge })));
const OldResult = lazyWithStrings(() => import("./pages/purchase/old-steps.tsx").then((m) => ({ default: m.OldResult })));
const GameCodeEntry = lazyPart(() => import("../features/shell/GameCodeEntry.tsx").then((m) => ({ default: m.GameCodeEntry })));

/** A lazily loaded page: the skeleton until it has loaded; once shown, it is the first content. */
function Page({ children }: { children: ReactNode }) {
  return (
    <Loaded fallback={<ScreenSkeleton />}>
      {children}
      <FirstContentMark />
    </Loaded>
  );
}

function Redirect({ to }: { to: string }) {
  const { search, hash } = useLocation();
  return <Navigate to={{ pathname: to, search, hash }} replace />;
}

/** `/@{game code}` with any remainder; any other single segment is a 404. */
function GameCodeGate() {
  const { code = "" } = useParams();
  return <Page>{code.startsWith("@") ? <GameCodeEntry /> : <NotFoundPage />}</Page>;
}

function screenElement(screen: Screen, layout: LayoutVersion): ReactNode {
  switch (screen) {
    case "NotFound":
      return (
        <Page>
          <NotFoundPage />
        </Page>
      );
    case "NotArea":
    case "ShowError":
    case "ErrorReplenish":
      return (
        <Page>
          <MessagePage kind={screen === "NotArea" ? "notArea" : screen === "ShowError" ? "showError" : "errorReplenish"} />
        </Page>
      );
    case "CertifiedReal":
      return (
        <Page>
          <CertifiedRealPage />
        </Page>
      );
    case "SelectGame":
      return layout === "old" ? <OldSelectGame /> : <NewSelectGoods />;
    case "SelectGoods":
      return layout === "old" ? <OldSelectGoods /> : <NewSelectGoods />;
    case "Recharge":
      return (
        <Page>
          <OldRecharge />
        </Page>
      );
    case "Result":
      return (
        <Page>
          <OldResult />
        </Page>
      );
    case "Activity":
      return (
        <Page>
          <ActivityPage />
        </Page>
      );
    case "My":
      return (
        <Page>
          <MyPage />
        </Page>
      );
    case "ReplenishGoods":
      return (
        <Page>
          <ReplenishPage />
        </Page>
      );
    case "UserCenter":
      return (
        <Page>
          <VipCenterPage />
        </Page>
      );
    default:
      return <ScreenSkeleton screen={screen} />;
  }
}

function toRoutes(entry: RouteEntry, brand: Brand, layout: LayoutVersion): RouteObject[] {
  const handle: RouteHandle = { step: entry.step, titleKey: entry.titleKey, nav: entry.nav };
  const enabled = !entry.feature || brand.features[entry.feature];
  if (entry.children) {
    // A parent path that redirects, and a pathless layout route holding the children.
    return [
      { path: entry.path, element: <Redirect to={entry.redirect ?? "/"} /> },
      { id: entry.screen, children: entry.children.flatMap((c) => toRoutes(c, brand, layout)) },
    ];
  }
  if (entry.redirect) return [{ path: entry.path, element: <Redirect to={entry.redirect} /> }];
  if (entry.path === "/@*") return [{ path: "/:code/*", element: <GameCodeGate />, handle }];
  const element = enabled && entry.screen ? screenElement(entry.screen, layout) : screenElement("NotFound", layout);
  return [{ path: entry.path, element, handle, ...(entry.name ? { id: entry.name } : {}) }];
}

export function createRoutes(layout: LayoutVersion, brand: Brand): RouteObject[] {
  const manifest = layout === "new" ? newLayoutRoutes : oldLayoutRoutes;
  // Both layouts are in the first script: small, and a first render that waited for one (a lazy
  // chunk) would show a skeleton that React then holds for a while before the real content.
  const Layout = layout === "new" ? NewLayout : OldLayout;
  return [
    {
      element: (
        <PartBoundary fallback={<PartError />}>
          <Layout />
        </PartBoundary>
      ),
      children: manifest.flatMap((entry) => toRoutes(entry, brand, layout)),
    },
  ];
}

function Routed({ routes }: { routes: RouteObject[] }) {
  const { pathname } = useLocation();
  // Matched once per location: rendered as useRoutes would, and handed to every component that
  // reads the route's handle or name.
  const matched = useMemo(() => matchRoutes(routes, { pathname }), [routes, pathname]);
  const matches = useMemo(() => routeMatches(matched), [matched]);
  return <RouteMatchesContext.Provider value={matches}>{renderMatches(matched)}</RouteMatchesContext.Provider>;
}

/** The storefront's routes in the browser's history, and the UI actions that navigate them. */
export function StoreRouter({ routes }: { routes: RouteObject[] }) {
  return (
    <BrowserRouter>
      <UiActionHost />
      <Routed routes={routes} />
    </BrowserRouter>
  );
}

// The routes matching the current location, for their handles and names. The storefront uses a
// declarative router (BrowserRouter + useRoutes): the data router's loaders and actions are not used,
// and leaving them out keeps ~16 KB (gzip) off the first load. Kept apart from ./router.tsx so the
// navigation rules do not import every screen.
import { createContext, useContext } from "react";
import type { matchRoutes, RouteObject } from "react-router-dom";

/** What a route of the manifest tells the layouts: its step, header title and whether navigation shows. */
export interface RouteHandle {
  step?: number;
  titleKey?: string;
  nav?: boolean;
}

export interface RouteMatch {
  id?: string;
  handle?: unknown;
}

/** The current location's matches, computed once per location by the router (./router.tsx). */
export const RouteMatchesContext = createContext<RouteMatch[]>([]);

/** The id and handle of each match, outermost first (what a data router's useMatches gives). */
export function routeMatches(matches: RouteMatchOf[] | null): RouteMatch[] {
  return (matches ?? []).map(({ route }) => ({ id: route.id, handle: route.handle }));
}

type RouteMatchOf = NonNullable<ReturnType<typeof matchRoutes<RouteObject>>>[number];

export const useRouteMatches = (): RouteMatch[] => useContext(RouteMatchesContext);

// The routes matching the current location, for their handles and names. The storefront uses a
// declarative router (BrowserRouter + useRoutes): the data router's loaders and actions are not used,
// and leaving them out keeps ~16 KB (gzip) off the first load. Kept apart from ./router.tsx so the
// navigation rules do not import every screen.
import { createContext, useContext, useMemo } from "react";
import { matchRoutes, type RouteObject, useLocation } from "react-router-dom";

export const RoutesContext = createContext<RouteObject[]>([]);

export interface RouteMatch {
  id?: string;
  handle?: unknown;
}

/** The routes matching the current location, outermost first (what a data router's useMatches gives). */
export function useRouteMatches(): RouteMatch[] {
  const routes = useContext(RoutesContext);
  const location = useLocation();
  return useMemo(
    () => (matchRoutes(routes, location) ?? []).map(({ route }) => ({ id: route.id, handle: route.handle })),
    [routes, location],
  );
}

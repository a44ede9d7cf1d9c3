// The handle of the deepest matched route: step, header title and whether navigation shows.
import { type RouteHandle, useRouteMatches } from "../route-matches.ts";

export function useRouteHandle(): RouteHandle {
  const matches = useRouteMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle && (handle.step || handle.titleKey || handle.nav !== undefined)) return handle;
  }
  return {};
}

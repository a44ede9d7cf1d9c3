// Navigation by route name (SelectGame, Recharge, Result…, as core/browser/routes.ts names them),
// marking where the player came from: going from Recharge to Result marks the origin as Recharge in
// the navigation's state.
import { useCallback } from "react";
import { useNavigate } from "react-router-dom";
import type { RouteEntry } from "../generated/routes.ts";
import { useRouteMatches } from "./route-matches.ts";

export interface NavigationState {
  from?: string;
}

/** The path of a named route in a manifest (children included). */
export function pathOfName(manifest: RouteEntry[], name: string): string | undefined {
  for (const entry of manifest) {
    if (entry.name === name) return entry.path;
    const child = entry.children ? pathOfName(entry.children, name) : undefined;
    if (child) return child;
  }
  return undefined;
}

/** The state a navigation carries: only Recharge → Result marks its origin. */
export function navigationState(from: string | undefined, to: string): NavigationState {
  return from === "Recharge" && to === "Result" ? { from: "Recharge" } : {};
}

export function useGo(manifest: RouteEntry[]) {
  const navigate = useNavigate();
  const matches = useRouteMatches();
  const current = [...matches].reverse().find((m) => m.id && /^[A-Z]/.test(m.id))?.id;
  return useCallback(
    (name: string, search = "") => {
      // Going to SelectGame is always allowed; an unknown name (a route the layout lacks) goes home.
      const path = pathOfName(manifest, name) ?? "/";
      navigate({ pathname: path, search }, { state: navigationState(current, name) });
    },
    [manifest, navigate, current],
  );
}

// Cross-tree UI actions (go to a route, toast, open the login, refresh queries) asked for anywhere —
// error handling, services, features — and carried out by the handler the app binds to each kind.
// An action asked before its handler is bound waits for it: a -3014 or -600 answered before the
// first render still leads to /notArea or the login popup.
import type { QueryKey } from "@tanstack/react-query";

export interface UiActionHandlers {
  navigate(to: string, options?: { replace?: boolean }): void;
  toast(message: string): void;
  openLogin(): void;
  /** Refetch the queries under a key of shared/api/query-keys.ts. */
  refresh(queryKey: QueryKey): void;
}

type Kind = keyof UiActionHandlers;
type Asked = { [K in Kind]: { kind: K; args: Parameters<UiActionHandlers[K]> } }[Kind];

export interface UiActions extends UiActionHandlers {
  /** Hands these kinds to their handlers from now on, those waiting first and in order; returns the unbinding. */
  bind(handlers: Partial<UiActionHandlers>): () => void;
}

export function createUiActions(): UiActions {
  const bound: Partial<UiActionHandlers> = {};
  let waiting: Asked[] = [];
  /** Carries out an action if its kind has a handler; false when it must wait. */
  const run = ({ kind, args }: Asked): boolean => {
    const handler = bound[kind] as ((...a: typeof args) => void) | undefined;
    handler?.(...args);
    return handler !== undefined;
  };
  const ask =
    <K extends Kind>(kind: K) =>
    (...args: Parameters<UiActionHandlers[K]>) => {
      const action = { kind, args } as Asked;
      if (!run(action)) waiting.push(action);
    };
  return {
    navigate: ask("navigate"),
    toast: ask("toast"),
    openLogin: ask("openLogin"),
    refresh: ask("refresh"),
    bind(handlers) {
      Object.assign(bound, handlers);
      // Each waiting action is carried out once; what a handler asks meanwhile keeps its place after them.
      const queued = waiting;
      waiting = [];
      waiting = [...queued.filter((action) => !run(action)), ...waiting];
      return () => {
        for (const kind of Object.keys(handlers) as Kind[]) if (bound[kind] === handlers[kind]) delete bound[kind];
      };
    },
  };
}

/** The storefront's one store of UI actions. */
export const uiActions = createUiActions();

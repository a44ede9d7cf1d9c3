// The tip popup and the global confirm, offered to every screen through one context; the dialog
// itself (./tip-dialog.tsx, with the HTML sanitiser) loads the first time one opens.
import { createContext, type ReactNode, useCallback, useContext, useRef, useState } from "react";
import { lazyPart } from "./deferred.tsx";
import { Loaded } from "./part-boundary.tsx";
import type { ConfirmRequest, OpenTip, Tip } from "./tip-dialog.tsx";

export type { Tip };

const TipDialog = lazyPart(() => import("./tip-dialog.tsx"));

interface TipApi {
  tip(tip: Tip): void;
  confirm(request: ConfirmRequest): Promise<boolean>;
}

const TipContext = createContext<TipApi>({ tip: () => undefined, confirm: async () => false });
export const useTip = () => useContext(TipContext);

export function TipProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<OpenTip | null>(null);
  const resolver = useRef<((ok: boolean) => void) | null>(null);
  const close = useCallback((ok: boolean) => {
    resolver.current?.(ok);
    resolver.current = null;
    setCurrent(null);
  }, []);
  const api: TipApi = {
    tip: (tip) => setCurrent({ ...tip, kind: "tip" }),
    confirm: (request) =>
      new Promise<boolean>((resolve) => {
        resolver.current?.(false);
        resolver.current = resolve;
        setCurrent({ ...request, kind: "confirm" });
      }),
  };
  return (
    <TipContext.Provider value={api}>
      {children}
      {current ? (
        <Loaded fallback={null} error={null}>
          <TipDialog current={current} close={close} />
        </Loaded>
      ) : null}
    </TipContext.Provider>
  );
}

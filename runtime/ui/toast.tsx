// Toasts: short messages announced to screen readers, one at a time, gone after a few seconds.
import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from "react";

type Show = (message: string) => void;
const ToastContext = createContext<Show>(() => undefined);

export function ToastProvider({ children }: { children: ReactNode }) {
  // A new object each time, so the same message shown twice restarts its timer.
  const [toast, setToast] = useState<{ text: string; id: number } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const show = useCallback<Show>((text) => setToast((prev) => ({ text, id: (prev?.id ?? 0) + 1 })), []);
  useEffect(() => {
    if (!toast) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setToast(null), 3500);
    return () => clearTimeout(timer.current);
  }, [toast]);
  return (
    <ToastContext.Provider value={show}>
      {children}
      <div className="sf-toast-region" role="status" aria-live="polite">
        {toast ? (
          <div className="sf-toast" key={toast.id}>
            {toast.text}
          </div>
        ) : null}
      </div>
    </ToastContext.Provider>
  );
}

export const useToast = () => useContext(ToastContext);

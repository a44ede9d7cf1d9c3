// Toasts: short messages announced to screen readers, one at a time, gone after a few seconds.
import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from "react";

type Show = (message: string) => void;
const ToastContext = createContext<Show>(() => undefined);

export function ToastProvider({ children, show: external }: { children: ReactNode; show?: (register: Show) => void }) {
  const [message, setMessage] = useState<string | null>(null);
  const [serial, setSerial] = useState(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const show = useCallback<Show>((text) => {
    setMessage(text);
    setSerial((n) => n + 1);
  }, []);
  useEffect(() => external?.(show), [external, show]);
  useEffect(() => {
    if (!message) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setMessage(null), 3500);
    return () => clearTimeout(timer.current);
  }, [message, serial]);
  return (
    <ToastContext.Provider value={show}>
      {children}
      <div className="sf-toast-region" role="status" aria-live="polite">
        {message ? (
          <div className="sf-toast" key={serial}>
            {message}
          </div>
        ) : null}
      </div>
    </ToastContext.Provider>
  );
}

export const useToast = () => useContext(ToastContext);

// The tip popup (title + text, or HTML from the platform sanitised with DOMPurify, loaded only
// when HTML is shown) and the global confirm, offered to every screen through one context.
import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Dialog } from "./dialog.tsx";

export interface Tip {
  title: string;
  text?: string;
  /** Untrusted HTML from the platform: sanitised before it is shown. */
  html?: string;
}

interface ConfirmRequest extends Tip {
  confirmLabel?: string;
  cancelLabel?: string;
}

interface TipApi {
  tip(tip: Tip): void;
  confirm(request: ConfirmRequest): Promise<boolean>;
}

const TipContext = createContext<TipApi>({ tip: () => undefined, confirm: async () => false });
export const useTip = () => useContext(TipContext);

/** DOMPurify is only downloaded when some HTML is to be shown. */
export async function sanitize(html: string): Promise<string> {
  const { default: DOMPurify } = await import("dompurify");
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ["style", "form", "input", "button"],
    FORBID_ATTR: ["style"],
  });
}

export function SafeHtml({ html }: { html: string }) {
  const [clean, setClean] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void sanitize(html).then((c) => live && setClean(c));
    return () => {
      live = false;
    };
  }, [html]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify just above.
  return clean === null ? null : <div className="sf-rich-text" dangerouslySetInnerHTML={{ __html: clean }} />;
}

export function TipProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [current, setCurrent] = useState<(ConfirmRequest & { kind: "tip" | "confirm" }) | null>(null);
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
      <Dialog
        open={current !== null}
        title={current?.title ?? ""}
        onClose={() => close(false)}
        footer={
          current?.kind === "confirm" ? (
            <>
              <button type="button" className="sf-button sf-button--secondary" onClick={() => close(false)}>
                {current.cancelLabel ?? t("common.cancel")}
              </button>
              <button type="button" className="sf-button sf-button--primary" onClick={() => close(true)}>
                {current.confirmLabel ?? t("common.confirm")}
              </button>
            </>
          ) : (
            <button type="button" className="sf-button sf-button--primary" onClick={() => close(true)}>
              {t("common.ok")}
            </button>
          )
        }
      >
        {current?.html ? <SafeHtml html={current.html} /> : current?.text ? <p>{current.text}</p> : null}
      </Dialog>
    </TipContext.Provider>
  );
}

// The tip popup's dialog (title + text, or HTML from the platform sanitised with DOMPurify): loaded
// the first time a tip or confirm opens, so the first screen carries only the provider (./tip.tsx).
import { useEffect, useState } from "react";
import { useTranslation } from "../lib/use-translation.ts";
import { Dialog } from "./dialog.tsx";

export interface Tip {
  title: string;
  text?: string;
  /** Untrusted HTML from the platform: sanitised before it is shown. */
  html?: string;
}

export interface ConfirmRequest extends Tip {
  confirmLabel?: string;
  cancelLabel?: string;
}

/** What the dialog shows: a tip, or a confirm waiting for its answer. */
export type OpenTip = ConfirmRequest & { kind: "tip" | "confirm" };

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

export default function TipDialog({ current, close }: { current: OpenTip; close: (ok: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      title={current.title}
      onClose={() => close(false)}
      footer={
        current.kind === "confirm" ? (
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
      {current.html ? <SafeHtml html={current.html} /> : current.text ? <p>{current.text}</p> : null}
    </Dialog>
  );
}

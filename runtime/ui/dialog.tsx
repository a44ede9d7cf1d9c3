// Popups and bottom sheets on the native <dialog>: modal, focus kept inside, Escape closes,
// focus returns to what opened it. One component, two looks.
import { type ReactNode, useEffect, useId, useRef } from "react";
import { afterPaint } from "../lib/after-paint.ts";
import { useTranslation } from "../lib/use-translation.ts";

export interface DialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** 'sheet' slides up from the bottom on phones; 'popup' is centred. */
  variant?: "popup" | "sheet";
  footer?: ReactNode;
}

export function Dialog({ open, title, onClose, children, variant = "popup", footer }: DialogProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const opener = document.activeElement;
    if (!dialog.open) dialog.showModal();
    // Open on the first field, else on the heading (read first, and Tab goes on from there), not
    // on the close button the browser would pick.
    const field = dialog.querySelector<HTMLElement>(".sf-dialog__body :is(input:not([type=hidden]), select, textarea):not(:disabled)");
    (field ?? dialog.querySelector<HTMLElement>(".sf-dialog__header h2"))?.focus();
    // Closing and unmounting (a parent that stops rendering the dialog) both give focus back, once
    // the closed page is painted: focusing forces a layout of the page the close just changed, which
    // the tap's answer would wait for (docs/performance.md, "Interaction latency").
    return () => {
      if (dialog.open) dialog.close();
      if (opener instanceof HTMLElement)
        void afterPaint(() => {
          // Unless something took focus meanwhile (another dialog, a field the page focused).
          const active = document.activeElement;
          if (opener.isConnected && (!active || active === document.body || active === dialog)) opener.focus();
        });
    };
  }, [open]);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard way out is Escape (the dialog's cancel event).
    <dialog
      ref={ref}
      className={`sf-dialog sf-dialog--${variant}`}
      aria-labelledby={titleId}
      onCancel={(e) => {
        // React hands a nested dialog's cancel to its ancestors too: only the top one closes.
        e.stopPropagation();
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        // A click on the backdrop (the dialog element itself, outside its box) closes it.
        if (e.target === ref.current) onClose();
      }}
    >
      {open ? (
        <div className="sf-dialog__box">
          <header className="sf-dialog__header">
            <h2 id={titleId} tabIndex={-1}>
              {title}
            </h2>
            <button type="button" className="sf-icon-button" onClick={onClose} aria-label={t("common.close")}>
              <svg viewBox="0 0 24 24" aria-hidden="true">
                <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          </header>
          <div className="sf-dialog__body">{children}</div>
          {footer ? <footer className="sf-dialog__footer">{footer}</footer> : null}
        </div>
      ) : null}
    </dialog>
  );
}

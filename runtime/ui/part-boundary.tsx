// A part of the store that could not be shown (its code would not load even after retries, or it
// failed to render) takes down only itself: the header, the goods and the way to pay stay usable.
import { Component, type ErrorInfo, type ReactNode, Suspense } from "react";
import { useTranslation } from "../lib/use-translation.ts";

interface Props {
  children: ReactNode;
  /** What shows instead; nothing by default (for parts the player can do without). */
  fallback?: ReactNode;
}

export class PartBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? (this.props.fallback ?? null) : this.props.children;
  }
}

/** In place of a screen or dialog that could not load: what happened, and one way on. */
export function PartError() {
  const { t } = useTranslation();
  return (
    <div className="sf-part-error" role="alert" data-testid="part-error">
      <p>{t("error.network")}</p>
      {/* The loads were already retried: a fresh page is what is left to try. */}
      <button type="button" className="sf-button sf-button--primary" onClick={() => window.location.reload()}>
        {t("common.retry")}
      </button>
    </div>
  );
}

/**
 * A part loaded on demand: `fallback` while it loads, `error` if it cannot (the error state by
 * default; null for a part the player can do without).
 */
export function Loaded({ fallback, error = <PartError />, children }: { fallback: ReactNode; error?: ReactNode; children: ReactNode }) {
  return (
    <PartBoundary fallback={error}>
      <Suspense fallback={fallback}>{children}</Suspense>
    </PartBoundary>
  );
}

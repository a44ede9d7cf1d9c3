// Offline, the store still opens from the device but cannot load prices or take orders: a banner
// says so, instead of each failing call showing its own error. The live region stays mounted so
// screen readers announce the change both ways; it is not a role=status, which the toasts are.
import { useOffline } from "../../lib/online.ts";
import { useTranslation } from "../../lib/use-translation.ts";

export function OfflineNotice() {
  const { t } = useTranslation();
  const offline = useOffline();
  return (
    <div className="sf-offline-region" aria-live="polite">
      {offline ? (
        <div className="sf-offline" data-testid="offline-notice">
          <svg className="sf-offline__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path
              d="M2 8.5a15 15 0 0 1 20 0M5.5 12a10 10 0 0 1 13 0M9 15.5a5 5 0 0 1 6 0M3 3l18 18"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
            <circle cx="12" cy="19.5" r="1.5" fill="currentColor" />
          </svg>
          <p className="sf-offline__text">
            <strong>{t("offline.title")}</strong> <span>{t("offline.body")}</span>
          </p>
        </div>
      ) : null}
    </div>
  );
}

// Marks an internal test-account session on every screen, so nobody mistakes it for a real one.
import { useTranslation } from "../../lib/use-translation.ts";
import { useTestMode } from "../../shared/session/user-store.ts";

export function TestModeBanner() {
  const { t } = useTranslation();
  const on = useTestMode();
  if (!on) return null;
  return (
    <div className="sf-test-mode" role="status" data-testid="test-mode">
      <strong>{t("test.badge")}</strong> <span>{t("test.notice")}</span>
    </div>
  );
}

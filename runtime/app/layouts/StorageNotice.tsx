// Private mode or blocked cookies: the shop still works for this visit, and says so (tip_cookie).
import { storageAvailable } from "../../lib/storage.ts";
import { useTranslation } from "../../lib/use-translation.ts";

export function StorageNotice() {
  const { t } = useTranslation();
  return storageAvailable() ? null : (
    <p className="sf-notice" role="alert">
      {t("error.cookie")}
    </p>
  );
}

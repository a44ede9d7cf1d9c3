// What heads every page of both layouts: the skip link and the notices that must not be missed
// (offline, storage blocked, test-account session, real-name required).
import { RealNameNotice } from "../../features/real-name/RealNameNotice.tsx";
import { useTranslation } from "../../lib/use-translation.ts";
import { OfflineNotice } from "./OfflineNotice.tsx";
import { StorageNotice } from "./StorageNotice.tsx";
import { TestModeBanner } from "./TestModeBadge.tsx";

export function AppNotices() {
  const { t } = useTranslation();
  return (
    <>
      <a className="sf-skip" href="#sf-main">
        {t("app.skipToContent")}
      </a>
      <OfflineNotice />
      <StorageNotice />
      <TestModeBanner />
      <RealNameNotice />
    </>
  );
}

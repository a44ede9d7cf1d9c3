// The top-up event prompt: when rewards are waiting to be claimed it shows by itself on the top-up
// page, at most once a day (autoShowAccum, kept 1 day). It sits in the page rather than over it,
// so it never stands between the player and the purchase.
import "./events.css";
import { useEffect, useState } from "react";
import { getItem, setItem } from "../../lib/storage.ts";
import { useTranslation } from "../../lib/use-translation.ts";
import { useHasEvents } from "../../shared/api/page-config.ts";
import { useLoggedIn } from "../../shared/session/account.ts";
import { Link } from "../../ui/link.tsx";
import { useActivityStatus } from "./api/get-activities.ts";

export function EventPrompt() {
  const { t } = useTranslation();
  const hasEvents = useHasEvents();
  const loggedIn = useLoggedIn();
  const [shown] = useState(() => getItem("autoShowAccum") !== undefined);
  const status = useActivityStatus(hasEvents && loggedIn && !shown);
  const claimable = status.data?.claimable ?? 0;
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (claimable > 0 && !shown) {
      setItem("autoShowAccum", true);
      setOpen(true);
    }
  }, [claimable, shown]);
  if (!open) return null;
  return (
    <aside className="sf-event-prompt" role="status" data-testid="event-prompt">
      <svg className="sf-event-prompt__icon" viewBox="0 0 24 24" aria-hidden="true" width="24" height="24">
        <path fill="currentColor" d="M3 9h18v4H3zM5 13h14v8H5zM11 9h2v12h-2zM12 9C9 9 7 4 10 4c2 0 2 5 2 5s0-5 2-5c3 0 1 5-2 5z" />
      </svg>
      <p>{t("activity.waiting", { count: claimable })}</p>
      <Link className="sf-button sf-button--small sf-button--primary" to="/activity">
        {t("activity.view")}
      </Link>
      <button type="button" className="sf-icon-button" aria-label={t("common.close")} onClick={() => setOpen(false)}>
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </aside>
  );
}

// After a 6001 answer: a notice on every page that the account must verify its real name first.
import { useLocation } from "react-router-dom";
import { useTranslation } from "../../lib/use-translation.ts";
import { Link } from "../../ui/link.tsx";
import { useRealNameTicket } from "./ticket.ts";

export function RealNameNotice() {
  const { t } = useTranslation();
  const ticket = useRealNameTicket();
  const { pathname } = useLocation();
  if (!ticket || pathname === "/certifiedReal") return null;
  return (
    <p className="sf-notice" role="alert">
      {t("realName.notice")} <Link to="/certifiedReal">{t("realName.verify")}</Link>
    </p>
  );
}

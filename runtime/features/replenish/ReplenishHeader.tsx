// The header line of replenish mode: whom the make-up payment is for, and the
// way to enter another code for the game.
import "./replenish.css";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router-dom";
import { ClippedText } from "../../ui/clipped-text.tsx";
import { useReplenishInfo } from "./api/get-replenish.ts";

export function ReplenishHeader() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const replenishId = pathname === "/replenishGoods" ? (new URLSearchParams(search).get("replenish_id") ?? "") : "";
  const info = useReplenishInfo(replenishId);
  if (!replenishId || !info.data || info.data.status === "expired") return null;
  return (
    <div className="sf-replenish-bar" data-testid="replenish-header">
      {/* One line: a long account name is cut, and shown whole on hover or focus. */}
      <ClippedText className="sf-replenish-bar__for" text={t("replenish.for", { name: info.data.user_name })} />
      <Link to={`/replenishGoods?${new URLSearchParams({ rp_client_id: info.data.client_id })}`}>{t("replenish.reenter")}</Link>
    </div>
  );
}

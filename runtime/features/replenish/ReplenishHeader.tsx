// The header line of replenish mode: whom the make-up payment is for, and the
// way to enter another code for the game.
import "./replenish.css";
import { useLocation } from "react-router-dom";
import { useTranslation } from "../../lib/use-translation.ts";
import { ClippedText } from "../../ui/clipped-text.tsx";
import { Link } from "../../ui/link.tsx";
import { useReplenishInfo } from "./api/get-replenish.ts";

/** Where the name goes in the translated sentence (never shown). */
const NAME = "\u0000";

export function ReplenishHeader() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const replenishId = pathname === "/replenishGoods" ? (new URLSearchParams(search).get("replenish_id") ?? "") : "";
  const info = useReplenishInfo(replenishId);
  if (!replenishId || !info.data || info.data.status === "expired") return null;
  // The sentence around the account's name, in the language's own order: the name alone is cut to
  // the line when it is too long, and shown whole on hover or focus.
  const [before = "", after = ""] = t("replenish.for", { name: NAME }).split(NAME);
  return (
    <div className="sf-replenish-bar" data-testid="replenish-header">
      <span className="sf-replenish-bar__for">
        {before.replace(/\u2068$/, "")}
        <ClippedText text={info.data.user_name} />
        {after.replace(/^\u2069/, "")}
      </span>
      <Link to={`/replenishGoods?${new URLSearchParams({ rp_client_id: info.data.client_id })}`}>{t("replenish.reenter")}</Link>
    </div>
  );
}

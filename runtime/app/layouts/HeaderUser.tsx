// The old layout's user area: the logged-in account (a link to My page) with log out, or the login button.
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { openLogin, useSessionActions } from "../../features/login/session.ts";
import { useUser } from "../../features/login/user-store.ts";
import { useServices } from "../services.ts";

export function HeaderUser() {
  const { t } = useTranslation();
  const { clientId } = useServices();
  const user = useUser(clientId);
  const { logout } = useSessionActions();
  return (
    <div className="sf-header__user" data-slot="user">
      {user ? (
        <>
          {/* The account name leads to My page: orders, VIP, coupons and events. */}
          <Link to="/my" className="sf-header__username" title={t("login.loggedInAs", { name: user.username })} data-testid="header-my">
            {user.username}
          </Link>
          <button type="button" className="sf-link-button" onClick={() => void logout()}>
            {t("login.logout")}
          </button>
        </>
      ) : (
        <button type="button" className="sf-button sf-button--secondary sf-button--small" onClick={openLogin}>
          {t("header.login")}
        </button>
      )}
    </div>
  );
}

// The old layout's user area: the logged-in account with log out, or the login button.
import { useTranslation } from "react-i18next";
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
          <span className="sf-header__username" title={t("login.loggedInAs", { name: user.username })}>
            {user.username}
          </span>
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

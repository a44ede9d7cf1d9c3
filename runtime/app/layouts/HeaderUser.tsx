// The old layout's user area: the logged-in account (a link to My page) with log out, or the login button.

import { isolate } from "../../lib/bidi.ts";
import { useTranslation } from "../../lib/use-translation.ts";
import { useCurrentUser } from "../../shared/session/account.ts";
import { useLogout } from "../../shared/session/logout.ts";
import { uiActions } from "../../shared/ui-actions.ts";
import { Link } from "../../ui/link.tsx";

export function HeaderUser() {
  const { t, i18n } = useTranslation();
  const user = useCurrentUser();
  const logout = useLogout();
  return (
    <div className="sf-header__user" data-slot="user">
      {user ? (
        <>
          {/* The account name leads to My page: orders, VIP, coupons and events. */}
          <Link to="/my" className="sf-header__username" title={t("login.loggedInAs", { name: user.username })} data-testid="header-my">
            <span className="sf-avatar" aria-hidden="true">
              {Array.from(user.username)[0]?.toUpperCase()}
            </span>
            <span className="sf-clipped" dir="auto">
              {isolate(user.username, i18n.language)}
            </span>
          </Link>
          <button
            type="button"
            className="sf-icon-button"
            onClick={() => void logout()}
            aria-label={t("login.logout")}
            title={t("login.logout")}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" className="sf-flip-rtl">
              <path
                d="M14 4h4a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-4M10 16l-4-4 4-4M6 12h10"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </button>
        </>
      ) : (
        <button type="button" className="sf-button sf-button--secondary sf-button--small" onClick={() => uiActions.openLogin()}>
          {t("header.login")}
        </button>
      )}
    </div>
  );
}

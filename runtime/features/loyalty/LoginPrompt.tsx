// What the account pages show a visitor who has not logged in: why, and the way to log in.
import "./loyalty.css";
import { useTranslation } from "../../lib/use-translation.ts";
import { uiActions } from "../../shared/ui-actions.ts";
import { Link } from "../../ui/link.tsx";

export function LoginPrompt({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <section className="sf-card sf-login-prompt" data-testid="login-prompt">
      <svg viewBox="0 0 24 24" aria-hidden="true" width="40" height="40">
        <path fill="currentColor" d="M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10Zm0 2c-4.4 0-8 2.2-8 5v3h16v-3c0-2.8-3.6-5-8-5Z" />
      </svg>
      <p>{text}</p>
      <button type="button" className="sf-button sf-button--primary" onClick={() => uiActions.openLogin()}>
        {t("header.login")}
      </button>
    </section>
  );
}

/** What a page says where its feature is not offered for this game, with the way back to the top-up. */
export function NotOffered({ text, testId }: { text: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <section className="sf-card sf-loyalty-empty" data-testid={testId}>
      <p>{text}</p>
      <Link className="sf-button sf-button--secondary" to="/selectGoods">
        {t("nav.topup")}
      </Link>
    </section>
  );
}

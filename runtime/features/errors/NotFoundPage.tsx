// The 404 page: "Not Found", the explanation, and a button back home.
import { useTranslation } from "../../lib/use-translation.ts";
import { Link } from "../../ui/link.tsx";

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="sf-message-page" aria-labelledby="sf-not-found-title" data-testid="not-found">
      <svg className="sf-message-page__icon" viewBox="0 0 48 48" aria-hidden="true">
        <circle cx="24" cy="24" r="22" fill="none" stroke="currentColor" strokeWidth="3" />
        <path d="M24 13v14M24 33v2" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
      </svg>
      <h1 id="sf-not-found-title">{t("notFound.title")}</h1>
      <p>{t("notFound.text")}</p>
      <Link className="sf-button sf-button--primary" to="/">
        {t("notFound.home")}
      </Link>
    </section>
  );
}

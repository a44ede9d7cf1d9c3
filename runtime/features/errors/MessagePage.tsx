// The parameter, area and link error pages: a title, the explanation, customer service.
import { useTranslation } from "../../lib/use-translation.ts";
import { useBrand } from "../../shared/session/brand-context.ts";
import { Link } from "../../ui/link.tsx";

type Kind = "notArea" | "showError" | "expired" | "errorReplenish";

export function MessagePage({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const support = (
    <a href={brand.support.url} target="_blank" rel="noopener noreferrer">
      {t("footer.support")}
    </a>
  );
  return (
    <section className="sf-message-page" aria-labelledby="sf-message-title" data-page={kind}>
      <svg className="sf-message-page__icon" viewBox="0 0 48 48" aria-hidden="true">
        <circle cx="24" cy="24" r="22" fill="none" stroke="currentColor" strokeWidth="3" />
        <path d="M24 13v14M24 33v2" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
      </svg>
      <h1 id="sf-message-title">{t(`pages.${kind}.title`)}</h1>
      {kind === "notArea" ? (
        <>
          <p>{t("pages.notArea.tip")}</p>
          <p>{t("pages.notArea.line1")}</p>
          <p>
            {t("pages.notArea.line2")}: {support}
          </p>
        </>
      ) : (
        <>
          <p>{t(`pages.${kind}.text`)}</p>
          <p>{support}</p>
        </>
      )}
      {kind === "errorReplenish" ? (
        <Link className="sf-button sf-button--primary" to="/">
          {t("notFound.home")}
        </Link>
      ) : null}
    </section>
  );
}

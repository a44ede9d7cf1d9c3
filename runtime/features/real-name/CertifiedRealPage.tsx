// /certifiedReal: the real-name notice with the way to verify (the platform's form), and the
// outcome when the player comes back from it.
import { useTranslation } from "../../lib/use-translation.ts";
import { useApiHost } from "../../shared/services.ts";
import { Link, useSearchParams } from "../../ui/link.tsx";
import { useRealNameTicket } from "./ticket.ts";

export function CertifiedRealPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const ticket = useRealNameTicket();
  const apiHost = useApiHost();
  const done = params.get("done") === "1";
  const failed = params.get("failed") === "1";
  const verifyUrl = ticket
    ? `${apiHost()}/sandbox/realname?${new URLSearchParams({ ticket, return: `${window.location.origin}/certifiedReal` })}`
    : undefined;
  return (
    <section className="sf-message-page" aria-labelledby="sf-realname-title">
      <h1 id="sf-realname-title">{done ? t("realName.success") : t("realName.title")}</h1>
      {done ? null : failed ? <p role="alert">{t("realName.failed")}</p> : <p>{t("realName.notice")}</p>}
      {verifyUrl && !done ? (
        <a className="sf-button sf-button--primary" href={verifyUrl}>
          {t("realName.verify")}
        </a>
      ) : (
        <Link className="sf-button sf-button--primary" to="/">
          {t("notFound.home")}
        </Link>
      )}
    </section>
  );
}

// The result's next actions and its status icon. Paid: 'buy again' when the same goods and character
// are still chosen, 'done' and print. Failed: another method and support, support first when money
// was taken (another payment could charge twice).
import { useTranslation } from "../../lib/use-translation.ts";

export function SuccessButtons({ buyAgain, onChangeWay, onClose }: { buyAgain: boolean; onChangeWay: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="sf-result__buttons sf-no-print">
        {buyAgain ? (
          <button type="button" className="sf-button sf-button--primary" onClick={onChangeWay} data-testid="buy-again">
            {t("result.outcome.buyAgain")}
          </button>
        ) : null}
        <button
          type="button"
          className={`sf-button ${buyAgain ? "sf-button--secondary" : "sf-button--primary"}`}
          onClick={onClose}
          data-testid="recharge-done"
        >
          {t("result.outcome.close")}
        </button>
      </div>
      <button type="button" className="sf-link-button sf-no-print" onClick={() => window.print()}>
        {t("result.outcome.print")}
      </button>
    </>
  );
}

export function FailButtons({ charged, support, onChangeWay }: { charged: boolean; support: string; onChangeWay: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="sf-result__buttons">
      {/* Charged and still failed: support comes first, another payment could charge twice. */}
      <button
        type="button"
        className={`sf-button ${charged ? "sf-button--secondary" : "sf-button--primary"}`}
        onClick={onChangeWay}
        data-testid="change-way"
      >
        {t("result.outcome.tryAnother")}
      </button>
      <a
        className={`sf-button ${charged ? "sf-button--primary" : "sf-button--secondary"}`}
        href={support}
        {...(support.startsWith("mailto:") ? {} : { target: "_blank", rel: "noopener noreferrer" })}
        data-testid="support"
      >
        {t("result.outcome.support")}
      </a>
    </div>
  );
}

export function StatusIcon({ view }: { view: "pending" | "success" | "fail" }) {
  return (
    <svg className={`sf-result__icon sf-result__icon--${view}`} viewBox="0 0 48 48" aria-hidden="true">
      <circle cx="24" cy="24" r="22" />
      {view === "success" ? (
        <path d="m14 25 7 7 13-15" fill="none" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
      ) : view === "fail" ? (
        <path d="m16 16 16 16M32 16 16 32" fill="none" strokeWidth="4" strokeLinecap="round" />
      ) : (
        <path d="M24 12v13l8 5" fill="none" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
      )}
    </svg>
  );
}

// The Japanese legal popups (docs/decisions.md, "Special flows"): the notice on specified commercial transactions of the
// current game product and the inquiry notice with support hours and recommended devices, for a
// brand whose config has them. Reachable from the footer and from the recharge before paying.
import "./legal.css";
import { useState } from "react";
import type { CommercialTransactionsNotice } from "../../../core/browser/generated/config-types.ts";
import { useTranslation } from "../../lib/use-translation.ts";
import { useBrand } from "../../shared/session/brand-context.ts";
import { useSession } from "../../shared/session/session-context.ts";
import { Dialog } from "../../ui/dialog.tsx";

const FIELDS = [
  "seller",
  "representative",
  "address",
  "contact",
  "price",
  "extraCharges",
  "payment",
  "delivery",
  "returns",
  "environment",
] as const satisfies readonly (keyof CommercialTransactionsNotice)[];

type Which = "commercial" | "inquiry";

function CommercialNotice({ notice }: { notice: CommercialTransactionsNotice }) {
  const { t } = useTranslation();
  return (
    <dl className="sf-legal" data-testid="legal-commercial">
      {FIELDS.filter((f) => notice[f]).map((f) => (
        <div key={f}>
          <dt>{t(`legal.${f}`)}</dt>
          <dd>{notice[f]}</dd>
        </div>
      ))}
    </dl>
  );
}

function InquiryNotice() {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const legal = brand.legal;
  return (
    <div className="sf-legal" data-testid="legal-inquiry">
      {legal?.inquiry ? <p>{legal.inquiry}</p> : null}
      <dl>
        {legal?.supportHours?.length ? (
          <div>
            <dt>{t("legal.supportHours")}</dt>
            <dd>{legal.supportHours.map((h) => h.replace("-", "–")).join(", ")}</dd>
          </div>
        ) : null}
        {legal?.recommendedDevices?.length ? (
          <div>
            <dt>{t("legal.devices")}</dt>
            <dd>{legal.recommendedDevices.join(", ")}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t("legal.contact")}</dt>
          <dd>
            {brand.support.email ? <a href={`mailto:${brand.support.email}`}>{brand.support.email}</a> : null}{" "}
            <a href={brand.support.url} target="_blank" rel="noopener noreferrer">
              {t("footer.support")}
            </a>
          </dd>
        </div>
      </dl>
    </div>
  );
}

/** The notice of the current game product, if the brand has one. */
function useCommercialNotice(): CommercialTransactionsNotice | undefined {
  const { brand } = useBrand();
  const { game } = useSession();
  return brand.legal?.commercialTransactions?.[game];
}

/** Links (buttons) to the legal popups; nothing for a brand without them. */
export function LegalLinks({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const notice = useCommercialNotice();
  const [open, setOpen] = useState<Which | null>(null);
  const hasInquiry = Boolean(brand.legal?.inquiry || brand.legal?.supportHours?.length || brand.legal?.recommendedDevices?.length);
  if (!notice && !hasInquiry) return null;
  return (
    <span className={className}>
      {notice ? (
        <button type="button" className="sf-link-button" data-testid="legal-commercial-open" onClick={() => setOpen("commercial")}>
          {t("legal.commercial")}
        </button>
      ) : null}
      {hasInquiry ? (
        <button type="button" className="sf-link-button" data-testid="legal-inquiry-open" onClick={() => setOpen("inquiry")}>
          {t("legal.inquiry")}
        </button>
      ) : null}
      <Dialog open={open !== null} title={open === "commercial" ? t("legal.commercial") : t("legal.inquiry")} onClose={() => setOpen(null)}>
        {open === "commercial" && notice ? <CommercialNotice notice={notice} /> : open === "inquiry" ? <InquiryNotice /> : null}
      </Dialog>
    </span>
  );
}

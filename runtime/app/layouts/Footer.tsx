// Footer of both layouts: legal links, the area's legal footers, customer service, copyright.
import type { ReactNode } from "react";
import { useIsolate } from "../../lib/bidi.ts";
import { useTranslation } from "../../lib/use-translation.ts";
import { useBrand } from "../../shared/session/brand-context.ts";
import { useSession } from "../../shared/session/session-context.ts";
import { AfterFirstContent, lazyWithStrings } from "../../ui/deferred.tsx";

// The area's legal notices sit at the bottom of every page: they load after the first content.
const LegalLinks = lazyWithStrings(() => import("../../features/legal/LegalNotices.tsx").then((m) => ({ default: m.LegalLinks })));

export function Footer({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const iso = useIsolate();
  const { brand } = useBrand();
  const { areaConfig } = useSession();
  return (
    <footer className="sf-footer">
      {children}
      <nav className="sf-footer__links" aria-label={t("footer.privacy")}>
        <a href={brand.links.privacy} target="_blank" rel="noopener noreferrer">
          {t("footer.privacy")}
        </a>
        <a href={brand.links.terms} target="_blank" rel="noopener noreferrer">
          {t("footer.terms")}
        </a>
        <a href={brand.support.url} target="_blank" rel="noopener noreferrer">
          {t("footer.support")}
        </a>
        {areaConfig?.legalFooters.map((link) => (
          <a key={link.url} href={link.url} target="_blank" rel="noopener noreferrer">
            {iso(link.label)}
          </a>
        ))}
        <AfterFirstContent>
          <LegalLinks className="sf-footer__legal" />
        </AfterFirstContent>
      </nav>
      <p className="sf-footer__copyright">{iso(brand.copyright)}</p>
    </footer>
  );
}

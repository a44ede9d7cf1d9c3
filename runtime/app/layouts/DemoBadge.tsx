// Marks demo (beta) hosts on screen, so nobody mistakes a demo storefront for the real one.
import { useTranslation } from "../../lib/use-translation.ts";
import { useBrand } from "../../shared/session/brand-context.ts";

export function DemoBadge() {
  const { t } = useTranslation();
  const { mode } = useBrand();
  return mode === "demo" ? <span className="sf-badge sf-badge--demo">{t("header.demo")}</span> : null;
}

// The payment-region dropdown: each region by its name in the current language, 'Global'.
import { useId } from "react";
import { regionLabel } from "../../lib/payment/regions.ts";
import { useTranslation } from "../../lib/use-translation.ts";

export function RegionSelect({
  regions,
  value,
  onChange,
}: {
  regions: string[];
  value: string | undefined;
  onChange: (region: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const id = useId();
  return (
    <label className="sf-field" htmlFor={id}>
      <span>{t("recharge.region")}</span>
      <select id={id} className="sf-select" value={value} data-testid="region-select" onChange={(e) => onChange(e.target.value)}>
        {regions.map((r) => (
          <option key={r} value={r}>
            {regionLabel(r, i18n.language, t("recharge.global"))}
          </option>
        ))}
      </select>
    </label>
  );
}

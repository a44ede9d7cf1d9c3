// The loading state of a screen: placeholder blocks shaped like the final layout, so nothing jumps.
import { useTranslation } from "../../lib/use-translation.ts";

export function ScreenSkeleton({ screen, banner = true }: { screen?: string; banner?: boolean }) {
  const { t } = useTranslation();
  return (
    <section className="sf-skeleton" aria-busy="true" data-screen={screen}>
      <span className="sf-visually-hidden">{t("app.loading")}</span>
      {banner ? <div className="sf-skeleton__banner" /> : null}
      <div className="sf-skeleton__card" />
      <div className="sf-skeleton__grid">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="sf-skeleton__tile" />
        ))}
      </div>
    </section>
  );
}

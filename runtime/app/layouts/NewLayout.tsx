// New layout: header titled by route with a language picker, bottom navigation on the
// top-up, events and My routes, footer with the legal links.
import "./layout.css";
import { Outlet } from "react-router-dom";
import { NAV_ITEMS } from "../../../core/browser/layout-chrome.ts";
import { useTranslation } from "../../lib/use-translation.ts";
import { useHasEvents } from "../../shared/api/page-config.ts";
import { LanguagePicker } from "../../shared/components/LanguagePicker.tsx";
import { useBrand } from "../../shared/session/brand-context.ts";
import { NavLink } from "../../ui/link.tsx";
import { useCarryOver } from "../carry-over.ts";
import { AppNotices } from "./AppNotices.tsx";
import { DemoBadge } from "./DemoBadge.tsx";
import { Footer } from "./Footer.tsx";
import { LoginHost } from "./LoginHost.tsx";
import { ReplenishSlot } from "./ReplenishSlot.tsx";
import { useRouteHandle } from "./route-handle.ts";
import { useFocusOnNavigate } from "./use-focus-on-navigate.ts";
import { useHideOnScroll } from "./use-hide-on-scroll.ts";

export default function NewLayout() {
  const { t } = useTranslation();
  useCarryOver();
  const { brand } = useBrand();
  const { titleKey, nav } = useRouteHandle();
  const title = titleKey ? t(titleKey as "header.topup") : brand.name;
  useFocusOnNavigate();
  const hidden = useHideOnScroll();
  const hasEvents = useHasEvents();
  return (
    <div className={`sf-app sf-app--new${nav ? " has-bottom-nav" : ""}`} data-layout="new">
      <AppNotices />
      <header className={`sf-header sf-header--new${hidden ? " is-hidden" : ""}`} data-hidden={hidden}>
        <img src="/icon-96.png" alt="" width="28" height="28" />
        {/* The route's title is the page's h1; a page without one (errors, real name) has its own. */}
        {titleKey ? <h1 className="sf-header__title">{title}</h1> : <p className="sf-header__title">{title}</p>}
        <DemoBadge />
        <LanguagePicker />
      </header>
      <ReplenishSlot />
      <main id="sf-main" className="sf-main">
        <Outlet />
      </main>
      <LoginHost />
      <Footer />
      {nav ? (
        <nav className="sf-bottom-nav" aria-label={t("nav.label")}>
          {NAV_ITEMS.filter((item) => !item.needsEvents || hasEvents).map((item) => (
            <NavLink key={item.to} to={item.to}>
              <svg viewBox="0 0 24 24" aria-hidden="true">
                <path fill="currentColor" d={item.icon} />
              </svg>
              <span>{t(item.label)}</span>
            </NavLink>
          ))}
        </nav>
      ) : null}
    </div>
  );
}

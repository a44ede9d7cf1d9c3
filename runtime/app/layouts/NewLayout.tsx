// New layout (spec §2): header titled by route with a language picker, bottom navigation on the
// top-up, events and My routes, footer with the legal links.
import { useTranslation } from "react-i18next";
import { NavLink, Outlet } from "react-router-dom";
import { useHasEvents } from "../../shared/api/page-config.ts";
import { LanguagePicker } from "../../shared/components/LanguagePicker.tsx";
import { useBrand } from "../../shared/session/brand-context.ts";
import { useCarryOver } from "../carry-over.ts";
import { AppNotices } from "./AppNotices.tsx";
import { DemoBadge } from "./DemoBadge.tsx";
import { Footer } from "./Footer.tsx";
import { LoginHost } from "./LoginHost.tsx";
import { ReplenishSlot } from "./ReplenishSlot.tsx";
import { useRouteHandle } from "./route-handle.ts";
import { useFocusOnNavigate } from "./use-focus-on-navigate.ts";
import { useHideOnScroll } from "./use-hide-on-scroll.ts";

/** The bottom navigation: top-up, events (only when the game config has cumulative or continuous events) and My. */
const NAV_ITEMS = [
  { to: "/selectGoods", label: "nav.topup", icon: "M4 7h16v12H4zM7 3h10l2 4H5z", needsEvents: false },
  {
    to: "/activity",
    label: "nav.gift",
    icon: "M3 9h18v4H3zM5 13h14v8H5zM11 9h2v12h-2zM12 9C9 9 7 4 10 4c2 0 2 5 2 5s0-5 2-5c3 0 1 5-2 5z",
    needsEvents: true,
  },
  {
    to: "/my",
    label: "nav.my",
    icon: "M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10Zm0 2c-4.4 0-8 2.2-8 5v3h16v-3c0-2.8-3.6-5-8-5Z",
    needsEvents: false,
  },
] as const;

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

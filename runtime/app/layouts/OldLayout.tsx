// Old layout: header with logo and user area, the 4-step bar, footer with language picker.
import "./layout.css";
import "./old-layout.css";
import { Outlet } from "react-router-dom";
import { STEP_KEYS } from "../../../core/browser/layout-chrome.ts";
import { oldLayoutRoutes } from "../../generated/routes.ts";
import { useTranslation } from "../../lib/use-translation.ts";
import { LanguagePicker } from "../../shared/components/LanguagePicker.tsx";
import { useBrand } from "../../shared/session/brand-context.ts";
import { Link } from "../../ui/link.tsx";
import { useCarryOver } from "../carry-over.ts";
import { useGo } from "../navigation.ts";
import { AppNotices } from "./AppNotices.tsx";
import { DemoBadge } from "./DemoBadge.tsx";
import { Footer } from "./Footer.tsx";
import { HeaderUser } from "./HeaderUser.tsx";
import { LoginHost } from "./LoginHost.tsx";
import { ReplenishSlot } from "./ReplenishSlot.tsx";
import { useRouteHandle } from "./route-handle.ts";
import { useFocusOnNavigate } from "./use-focus-on-navigate.ts";

export default function OldLayout() {
  const { t } = useTranslation();
  useCarryOver();
  const { brand } = useBrand();
  const { step, titleKey } = useRouteHandle();
  const go = useGo(oldLayoutRoutes);
  useFocusOnNavigate();
  // The page's h1: the step's name (the step bar shows it: the heading is for assistive technology
  // and focus), or the page's title.
  const heading = step ? t(STEP_KEYS[step - 1] ?? "steps.selectGame") : titleKey ? t(titleKey as "header.my") : undefined;
  return (
    <div className="sf-app sf-app--old" data-layout="old">
      <AppNotices />
      <header className="sf-header">
        <Link to="/" className="sf-header__brand" aria-label={`${brand.name} — ${t("header.home")}`}>
          <img src="/icon-96.png" alt="" width="32" height="32" />
          <span>{brand.name}</span>
        </Link>
        <HeaderUser />
        <DemoBadge />
      </header>
      {step ? (
        <nav className="sf-steps" aria-label={t("steps.label")}>
          <ol>
            {STEP_KEYS.map((key, i) => (
              <li
                key={key}
                className={i + 1 === step ? "is-current" : i + 1 < step ? "is-done" : undefined}
                aria-current={i + 1 === step ? "step" : undefined}
              >
                {i === 0 && step > 1 ? (
                  // Going back to the game choice is always allowed: the steps after it only refine that choice.
                  <button type="button" className="sf-steps__link" onClick={() => go("SelectGame")}>
                    <span className="sf-steps__index">{i + 1}</span>
                    <span className="sf-steps__label">{t(key)}</span>
                  </button>
                ) : (
                  <>
                    <span className="sf-steps__index">{i + 1}</span>
                    <span className="sf-steps__label">{t(key)}</span>
                  </>
                )}
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
      <ReplenishSlot />
      <main id="sf-main" className="sf-main">
        {heading ? <h1 className={step ? "sf-visually-hidden" : "sf-page-title"}>{heading}</h1> : null}
        <Outlet />
      </main>
      <LoginHost />
      <Footer>
        <LanguagePicker />
      </Footer>
    </div>
  );
}

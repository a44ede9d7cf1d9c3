// The 'my reward' popup (docs/decisions.md, "Loyalty"): tabs 'usable (n)' and 'not usable (n)', claimable
// coupons to receive, a 'history' list with a back button, 'no data' when a list is empty. In the
// claim mode (VIP centre, My) a usable coupon's 'use' goes to the top-up; in the consume mode (the
// recharge sheet) it picks the coupon for the order and the picked one offers 'cancel'.
import "./loyalty.css";
import "./coupons.css";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { startTransition, useState } from "react";
import { useNavigate } from "react-router-dom";
import type { Coupon } from "../../../core/browser/generated/api-types.ts";
import { ApiError } from "../../lib/api/client.ts";
import { isolateText } from "../../lib/bidi-text.ts";
import { useTranslation } from "../../lib/use-translation.ts";
import { useCoupons } from "../../shared/api/coupons.ts";
import { queryKeys } from "../../shared/api/query-keys.ts";
import { useApi, useClientId } from "../../shared/services.ts";
import { useSession } from "../../shared/session/session-context.ts";
import { Dialog } from "../../ui/dialog.tsx";
import { RowsSkeleton } from "../../ui/skeleton.tsx";
import { Tabs } from "../../ui/tabs.tsx";
import { useToast } from "../../ui/toast.tsx";
import { type CouponPopupMode, couponAction, couponName, couponTime, percentOff, splitCoupons } from "./rules.ts";

const TAG_KEYS = {
  claimable: "coupon.claimable",
  usable: "coupon.available",
  unusable: "coupon.unusable",
  used: "coupon.used",
  expired: "coupon.expired",
} as const;
export const KIND_KEYS = { permanent: "coupon.permanent", week: "coupon.weekly", month: "coupon.monthly" } as const;

export interface CouponDialogProps {
  open: boolean;
  onClose: () => void;
  mode: CouponPopupMode;
  /** consume mode: the goods the coupon is for, the picked coupon, and what picking does. */
  productId?: string;
  selectedCode?: string;
  onPick?: (code: string | null) => void;
}

function CouponCard({
  coupon,
  mode,
  selectedCode,
  onAction,
  busy,
}: {
  coupon: Coupon;
  mode: CouponPopupMode;
  selectedCode?: string | undefined;
  onAction?: ((coupon: Coupon) => void) | undefined;
  busy?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const nameOf = useCouponName();
  const { tag, button } = couponAction(coupon, mode, selectedCode);
  const time = couponTime(coupon);
  const picked = coupon.code === selectedCode && coupon.use_category === "avail";
  const dim = tag === "unusable" || tag === "used" || tag === "expired";
  return (
    <li className={`sf-coupon${dim ? " is-dim" : ""}${picked ? " is-picked" : ""}`} data-coupon={coupon.code} data-tag={tag}>
      <div className="sf-coupon__value" aria-hidden="true">
        <strong>{t("coupon.percent", { percent: percentOff(coupon.discount_rate) })}</strong>
        <span>{t("coupon.stamp")}</span>
      </div>
      <div className="sf-coupon__body">
        <span className="sf-coupon__name">{nameOf(coupon.name)}</span>
        <span className="sf-coupon__meta">
          <span className={`sf-tag sf-tag--${tag}`}>{t(TAG_KEYS[tag])}</span>
          <span className="sf-tag sf-tag--kind">{t(KIND_KEYS[coupon.kind])}</span>
        </span>
        <span className="sf-coupon__time">{t(`coupon.${time.kind}`, { time: time.text })}</span>
        {coupon.lock_reason && tag === "unusable" ? (
          <span className="sf-coupon__reason">{isolateText(coupon.lock_reason, i18n.language)}</span>
        ) : null}
      </div>
      {button && onAction ? (
        <button
          type="button"
          className={`sf-button sf-button--small ${button === "cancel" ? "sf-button--secondary" : "sf-button--primary"}`}
          data-action={button}
          disabled={busy}
          aria-label={`${t(`coupon.${button}`)}: ${nameOf(coupon.name)}`}
          onClick={() => onAction(coupon)}
        >
          {t(`coupon.${button}`)}
        </button>
      ) : null}
    </li>
  );
}

export function CouponList({
  coupons,
  mode,
  selectedCode,
  onAction,
  busy,
  testId,
}: {
  coupons: Coupon[];
  mode: CouponPopupMode;
  selectedCode?: string | undefined;
  onAction?: (coupon: Coupon) => void;
  busy?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  if (coupons.length === 0)
    return (
      <p className="sf-empty" data-testid={testId ? `${testId}-empty` : undefined}>
        {t("common.noData")}
      </p>
    );
  return (
    <ul className="sf-coupons" data-testid={testId}>
      {coupons.map((c) => (
        <CouponCard key={c.code} coupon={c} mode={mode} selectedCode={selectedCode} onAction={onAction} busy={busy ?? false} />
      ))}
    </ul>
  );
}

/** A coupon name in the current language, else the area's default language (the platform may name a coupon per language). */
/** A coupon's name in the player's language, an isolate in right-to-left text (lib/bidi-text.ts). */
export function useCouponName(): (raw: string) => string {
  const { i18n } = useTranslation();
  const { areaConfig } = useSession();
  return (raw) => isolateText(couponName(raw, i18n.language, areaConfig?.defaultLanguage ?? "en"), i18n.language);
}

/** Claiming a coupon (receiveCoupons): 'claim failed' when the platform refuses. */
export function useClaimCoupon() {
  const api = useApi();
  const clientId = useClientId();
  const queryClient = useQueryClient();
  const toast = useToast();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: (code: string | undefined) => api.call("receiveCoupons", { client_id: clientId, ...(code ? { code } : {}) }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.coupons.all() }),
    onError: (err) => toast(err instanceof ApiError && err.message ? `${t("error.receiveFail")}: ${err.message}` : t("error.receiveFail")),
  });
}

export function CouponDialog({ open, onClose, mode, productId, selectedCode, onPick }: CouponDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [tab, setTab] = useState<"usable" | "unusable">("usable");
  const [history, setHistory] = useState(false);
  const list = useCoupons("claim,avail,lock", open && !history, productId);
  const past = useCoupons("history", open && history);
  const claim = useClaimCoupon();
  const { claimable, usable, unusable } = splitCoupons(list.data?.coupons ?? []);

  const act = (coupon: Coupon) => {
    const { button } = couponAction(coupon, mode, selectedCode);
    if (button === "receive") claim.mutate(coupon.code);
    else if (button === "cancel") {
      // The popup closes in the tap's frame; the order's new price renders after it, yielding
      // (docs/performance.md, "Interaction latency").
      startTransition(() => onPick?.(null));
      onClose();
    } else if (button === "use") {
      if (mode === "consume") startTransition(() => onPick?.(coupon.code));
      else navigate("/selectGoods");
      onClose();
    }
  };

  const loading = (history ? past : list).isPending;
  return (
    <Dialog open={open} title={history ? t("coupon.history") : t("coupon.myReward")} onClose={onClose}>
      <div className="sf-coupon-dialog" data-testid="coupon-dialog">
        {history ? (
          <>
            <button type="button" className="sf-link-button sf-coupon-dialog__back" onClick={() => setHistory(false)}>
              ‹ {t("common.back")}
            </button>
            {loading ? <RowsSkeleton /> : <CouponList coupons={past.data?.coupons ?? []} mode={mode} testId="coupon-history" />}
          </>
        ) : (
          <Tabs
            label={t("coupon.myReward")}
            tabs={[
              { id: "usable", label: t("coupon.usable", { count: usable.length }) },
              { id: "unusable", label: t("coupon.notUsable", { count: unusable.length }) },
            ]}
            selected={tab}
            onSelect={setTab}
            barClassName="sf-coupon-dialog__bar"
            aside={
              <button type="button" className="sf-link-button" data-testid="coupon-history-button" onClick={() => setHistory(true)}>
                {t("coupon.history")}
              </button>
            }
          >
            {loading ? (
              <RowsSkeleton />
            ) : tab === "usable" ? (
              <>
                {claimable.length > 0 ? (
                  <>
                    <h3 className="sf-coupon-dialog__heading">{t("coupon.claimable")}</h3>
                    <CouponList coupons={claimable} mode={mode} onAction={act} busy={claim.isPending} testId="coupon-claimable" />
                  </>
                ) : null}
                {usable.length > 0 || claimable.length === 0 ? (
                  <CouponList coupons={usable} mode={mode} selectedCode={selectedCode} onAction={act} testId="coupon-usable" />
                ) : null}
              </>
            ) : (
              <CouponList coupons={unusable} mode={mode} testId="coupon-unusable" />
            )}
          </Tabs>
        )}
      </div>
    </Dialog>
  );
}

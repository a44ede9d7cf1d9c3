// The coupon row of the recharge sheet (VIP version only): what applies, and the
// 'my reward' popup to pick another, claim one, or go without.
import "./coupons.css";
import { useState } from "react";
import { useIsolate } from "../../lib/bidi.ts";
import { useTranslation } from "../../lib/use-translation.ts";
import type { OrderCoupon } from "../../shared/coupon/order-coupon.ts";
import { CouponDialog, useCouponName } from "./CouponDialog.tsx";
import { percentOff } from "./rules.ts";

export function CouponRow({ coupon, productId }: { coupon: OrderCoupon; productId: string }) {
  const { t } = useTranslation();
  const iso = useIsolate();
  const nameOf = useCouponName();
  const [open, setOpen] = useState(false);
  const { row } = coupon;
  if (row.kind === "hidden") return null;
  const text =
    row.kind === "applied"
      ? `${nameOf(row.coupon.name)} (${iso(`−${percentOff(row.coupon.discount_rate)}%`)})`
      : t(
          row.kind === "notSupported"
            ? "recharge.couponRow.notSupported"
            : row.kind === "channelNotSupported"
              ? "recharge.couponRow.channelNotSupported"
              : row.kind === "claimMore"
                ? "recharge.couponRow.claimMore"
                : "recharge.couponRow.select",
        );
  const opens = row.kind === "applied" || row.kind === "select" || row.kind === "claimMore";
  return (
    <div className="sf-coupon-row" data-testid="coupon-row" data-state={row.kind}>
      <span className="sf-coupon-row__label">{t("recharge.coupon")}</span>
      {opens ? (
        <button type="button" className="sf-coupon-row__value" aria-haspopup="dialog" onClick={() => setOpen(true)}>
          <span className={row.kind === "applied" ? "is-applied" : undefined}>{text}</span>
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d="m9 6 6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      ) : (
        <span className="sf-coupon-row__value sf-muted">{text}</span>
      )}
      {open ? (
        <CouponDialog
          open
          mode="consume"
          productId={productId}
          selectedCode={coupon.selectedCode}
          onPick={coupon.pick}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </div>
  );
}

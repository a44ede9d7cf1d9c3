// The recharge info as the purchase screens show it: the recharge feature's panel headed by the
// loyalty feature's coupon row, with the legal notices' links before paying. Loaded on opening.
import { LegalLinks } from "../../../features/legal/LegalNotices.tsx";
import { CouponRow } from "../../../features/loyalty/CouponRow.tsx";
import type { Paid } from "../../../features/recharge/hooks/use-buy.ts";
import { RechargePanel } from "../../../features/recharge/RechargePanel.tsx";

export function RechargeInfo({ onPaid }: { onPaid: (paid: Paid) => void }) {
  return (
    <RechargePanel
      onPaid={onPaid}
      couponRow={(coupon, productId) => <CouponRow coupon={coupon} productId={productId} />}
      legalLinks={<LegalLinks className="sf-recharge__legal" />}
    />
  );
}

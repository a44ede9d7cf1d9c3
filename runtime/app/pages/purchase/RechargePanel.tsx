// The recharge panel of the purchase screens: the recharge feature's panel headed by the loyalty
// feature's coupon row, with the legal notices' links before paying. Loaded on opening; the file
// keeps the panel's name because the chunk is named after it (the budget and retry tests name it).
import { LegalLinks } from "../../../features/legal/LegalNotices.tsx";
import { CouponRow } from "../../../features/loyalty/CouponRow.tsx";
import type { Paid } from "../../../features/recharge/hooks/use-buy.ts";
import { RechargePanel as RechargeView } from "../../../features/recharge/RechargePanel.tsx";

export function RechargePanel({ onPaid }: { onPaid: (paid: Paid) => void }) {
  return (
    <RechargeView
      onPaid={onPaid}
      couponRow={(coupon, productId) => <CouponRow coupon={coupon} productId={productId} />}
      legalLinks={<LegalLinks className="sf-recharge__legal" />}
    />
  );
}

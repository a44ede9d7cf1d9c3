// The recharge info: payment region, channels (sub-channels in a second popup),
// order detail, and the pay bar with the goods, the total and the Buy button (hooks/use-buy.ts),
// kept in view and saying why when Buy cannot be pressed. The new layout shows it in the bottom
// sheet (a dialog with the summary beside the methods on a desktop), the old layout as its
// /recharge page; app/ fills its coupon row and legal links.
import "../../shared/payment/pay-bar.css";
import "./recharge.css";
import { type ReactNode, useId, useState } from "react";
import type { PaymentChannel } from "../../../core/browser/generated/api-types.ts";
import { useIsolate } from "../../lib/bidi.ts";
import { formatAmount } from "../../lib/format.ts";
import { buyLabel, canBuy, presentationOf } from "../../lib/payment/channels.ts";
import { regionLabel } from "../../lib/payment/regions.ts";
import { useTranslation } from "../../lib/use-translation.ts";
import { usePageConfig, useVipVersion } from "../../shared/api/page-config.ts";
import { type OrderCoupon, useOrderCoupon } from "../../shared/coupon/order-coupon.ts";
import { ChannelList } from "../../shared/payment/ChannelList.tsx";
import { RegionSelect } from "../../shared/payment/RegionSelect.tsx";
import { useClientId } from "../../shared/services.ts";
import { type OrderSelection, type SelectedGoods, useSelection } from "../../shared/session/order-selection.ts";
import { RowsSkeleton } from "../../ui/skeleton.tsx";
import { CardMode } from "./CardMode.tsx";
import { EmbeddedPay } from "./EmbeddedPay.tsx";
import { type Paid, useBuy } from "./hooks/use-buy.ts";
import { useChannelChoice } from "./hooks/use-channel-choice.ts";

export interface RechargePanelProps {
  onPaid: (paid: Paid) => void;
  /** The coupon row that heads the sheet (the loyalty feature's), for the order's coupon. */
  couponRow?: (coupon: OrderCoupon, productId: string) => ReactNode;
  /** Links to the brand's legal notices, readable before paying. */
  legalLinks?: ReactNode;
}

export function RechargePanel({ onPaid, couponRow, legalLinks }: RechargePanelProps) {
  const { t } = useTranslation();
  const [selection] = useSelection(useClientId());
  const goods = selection.goods;
  const page = usePageConfig();
  const areaRole = page.data?.area_config.is_area_role === true;
  const vip = useVipVersion();
  const { channels, channel, region, onlyParent, ...choice } = useChannelChoice();
  const [subFor, setSubFor] = useState<PaymentChannel | null>(null);
  const coupon = useOrderCoupon(vip, goods, channel);
  const quote = coupon.quote;
  const pay = useBuy(onPaid);
  const cardMode = channel !== undefined && presentationOf(channel) === "cardMode";
  const ids = { why: useId(), none: useId() };

  if (!goods) return <p className="sf-empty">{t("recharge.chooseGoodsFirst")}</p>;

  const buy = () => {
    if (onlyParent) setSubFor(onlyParent);
    else if (channel && region) void pay.buy({ channel, region, vip, coupon, areaRole });
  };

  const { embedded } = pay;
  const points = quote.data?.points ?? (vip ? goods.couponPoints : undefined);
  const price = quote.data?.discountPrice ?? goods.price;
  const original = quote.data && quote.data.price > quote.data.discountPrice ? quote.data.price : undefined;
  const mismatch = choice.otherAccountRegion;
  const label = cardMode ? "exchange" : buyLabel(channel?.payway_id);
  const none = !choice.loading && choice.regions.length === 0;
  const why = choice.loading ? null : whyNoBuy(channel, onlyParent, coupon.applied !== "" && quote.isFetching);

  return (
    <div className="sf-recharge" data-testid="recharge">
      <div className="sf-recharge__methods">
        {/* The coupon row heads the sheet; card exchanges take no coupon. */}
        {cardMode ? null : couponRow?.(coupon, goods.value)}
        {choice.loading ? (
          <RowsSkeleton />
        ) : none ? (
          <p id={ids.none} className="sf-empty" role="status">
            {t("recharge.noChannel")}
          </p>
        ) : (
          <>
            <RegionSelect regions={choice.regions} value={region} onChange={choice.chooseRegion} />
            {mismatch ? <RegionMismatch account={mismatch} region={region} /> : null}
            {cardMode && channel ? (
              <CardMode channel={channel} onBack={choice.clearChannel} onPaid={pay.settle} />
            ) : (
              <ChannelList
                channels={channels}
                parentKey={choice.parent?.key}
                chosen={channel}
                onPick={(top, leaf) => {
                  choice.pick(top, leaf);
                  pay.clearFailure();
                }}
                subFor={subFor}
                onSubFor={setSubFor}
              />
            )}
          </>
        )}
      </div>
      {/* What is bought, its total and Buy: at the end on a phone, beside the methods on a desktop (recharge.css). */}
      <div className="sf-recharge__summary">
        <OrderDetail selection={selection} areaRole={areaRole} points={vip ? points : undefined} />
        {legalLinks}
        {pay.failure ? (
          <p className="sf-form-error" role="alert" data-testid="pay-failure">
            {pay.failure}
          </p>
        ) : null}
        {cardMode ? null : (
          <PayBar
            goods={goods}
            price={price}
            original={original}
            button={{
              label: label === "exchange" ? "recharge.exchange" : "recharge.buy",
              disabled: choice.loading || why !== null,
              busy: pay.busy,
              describedBy: why && !none ? ids.why : none ? ids.none : undefined,
              onClick: buy,
            }}
            // When no method exists at all the sheet already says so above.
            why={why && !none ? { id: ids.why, key: why } : undefined}
          />
        )}
      </div>
      {embedded ? (
        <EmbeddedPay
          url={embedded.url}
          billingNo={embedded.billingNo}
          title={embedded.title}
          onClose={pay.closeEmbedded}
          onDone={() => {
            pay.closeEmbedded();
            pay.settle({ billingNo: embedded.billingNo });
          }}
        />
      ) : null}
    </div>
  );
}

/**
 * Why Buy cannot be pressed, once the channels are in (while they load the skeleton says it): no
 * method chosen, or the price with the chosen coupon still being asked (pay only what is shown).
 */
function whyNoBuy(channel: PaymentChannel | undefined, onlyParent: PaymentChannel | undefined, pricePending: boolean) {
  if (!canBuy({ channel, cardMode: false, cardNumber: "", cardPassword: "" }) && !onlyParent) return "buy.why.method";
  return pricePending ? "buy.why.price" : null;
}

/** The payment region chosen is not the account's: said, not prevented. */
function RegionMismatch({ account, region }: { account: string; region: string | undefined }) {
  const { t, i18n } = useTranslation();
  return (
    <p className="sf-notice" role="status">
      {t("recharge.regionMismatch", {
        account: regionLabel(account, i18n.language, t("recharge.global")),
        region: regionLabel(region ?? "", i18n.language, t("recharge.global")),
      })}
    </p>
  );
}

/** What is being bought for whom: goods, server, character, the order's area and the VIP points it earns. */
function OrderDetail({ selection, areaRole, points }: { selection: OrderSelection; areaRole: boolean; points: number | undefined }) {
  const { t } = useTranslation();
  const iso = useIsolate();
  const value = (text: string | undefined) => (text ? iso(text) : "—");
  return (
    <section className="sf-order-detail" aria-labelledby="sf-order-detail-title">
      <h3 id="sf-order-detail-title">{t("recharge.orderDetail")}</h3>
      <dl>
        <dt>{t("recharge.goods")}</dt>
        <dd>{value(selection.goods?.display)}</dd>
        <dt>{t("recharge.server")}</dt>
        <dd>{value(selection.server?.display)}</dd>
        <dt>{t("recharge.role")}</dt>
        <dd data-testid="order-role">{value(selection.role?.display)}</dd>
        {areaRole && selection.area ? (
          <>
            <dt>{t("recharge.orderRegion")}</dt>
            <dd>{iso(selection.area.display)}</dd>
          </>
        ) : null}
        {points !== undefined ? (
          <>
            <dt>{t("recharge.points")}</dt>
            <dd>{iso(`+${points}`)}</dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}

interface PayBarProps {
  goods: SelectedGoods;
  price: number;
  /** The price before the coupon, struck through. */
  original: number | undefined;
  button: {
    label: "recharge.exchange" | "recharge.buy";
    disabled: boolean;
    busy: boolean;
    describedBy: string | undefined;
    onClick: () => void;
  };
  /** Why Buy cannot be pressed, in words beside it. */
  why: { id: string; key: "buy.why.method" | "buy.why.price" } | undefined;
}

/** The goods, the total (the original struck through) and Buy, kept in view at the sheet's or page's end. */
function PayBar({ goods, price, original, button, why }: PayBarProps) {
  const { t } = useTranslation();
  const iso = useIsolate();
  return (
    <div className="sf-pay-bar" data-testid="pay-bar">
      <div className="sf-pay-bar__price">
        <span className="sf-pay-bar__name">{iso(goods.display)}</span>
        <span>
          <strong data-testid="pay-price">{iso(formatAmount(price, goods.currency))}</strong>
          {original !== undefined ? <s>{iso(formatAmount(original, goods.currency))}</s> : null}
        </span>
      </div>
      <button
        type="button"
        className="sf-button sf-button--primary"
        data-testid="pay-button"
        disabled={button.disabled}
        aria-busy={button.busy}
        aria-describedby={button.describedBy}
        onClick={button.onClick}
      >
        {t(button.label)}
      </button>
      {why ? (
        <p id={why.id} className="sf-buy-why">
          {t(why.key)}
        </p>
      ) : null}
    </div>
  );
}

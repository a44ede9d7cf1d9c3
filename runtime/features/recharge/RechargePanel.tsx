// The recharge info (spec §2, §4, §5): payment region, channels (sub-channels in a second popup),
// order detail, price, and the Buy button (hooks/use-buy.ts). The new layout shows it in the bottom
// sheet, the old layout as its /recharge page; app/ fills its coupon row and legal links.
import { type ReactNode, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PaymentChannel } from "../../../core/generated/api-types.ts";
import { formatAmount } from "../../lib/format.ts";
import {
  buyLabel,
  canBuy,
  channelKey,
  eligibleChannels,
  eligibleRegions,
  initialRegion,
  presentationOf,
} from "../../lib/payment/channels.ts";
import { regionLabel } from "../../lib/payment/regions.ts";
import { usePageConfig, useVipVersion } from "../../shared/api/page-config.ts";
import { type OrderCoupon, useOrderCoupon } from "../../shared/coupon/order-coupon.ts";
import { ChannelList } from "../../shared/payment/ChannelList.tsx";
import { RegionSelect } from "../../shared/payment/RegionSelect.tsx";
import { useClientId, usePlatformParam, useTracker } from "../../shared/services.ts";
import { useSelection } from "../../shared/session/order-selection.ts";
import { RowsSkeleton } from "../../ui/skeleton.tsx";
import { useCountryList } from "./api/get-country-list.ts";
import { CardMode } from "./CardMode.tsx";
import { EmbeddedPay } from "./EmbeddedPay.tsx";
import { type Paid, useBuy } from "./hooks/use-buy.ts";

export interface RechargePanelProps {
  onPaid: (paid: Paid) => void;
  /** The coupon row that heads the sheet (the loyalty feature's), for the order's coupon. */
  couponRow?: (coupon: OrderCoupon, productId: string) => ReactNode;
  /** Links to the brand's legal notices, readable before paying. */
  legalLinks?: ReactNode;
}

export function RechargePanel({ onPaid, couponRow, legalLinks }: RechargePanelProps) {
  const { t, i18n } = useTranslation();
  const clientId = useClientId();
  const platform = usePlatformParam();
  const tracker = useTracker();
  const [selection, update] = useSelection(clientId);
  const page = usePageConfig();
  const goods = selection.goods;
  const vip = useVipVersion();
  const areaRole = page.data?.area_config.is_area_role === true;
  const list = useCountryList(goods?.value);
  const goodsPrice = goods?.price ?? 0;
  const regions = useMemo(
    () => (list.data ? eligibleRegions(list.data, { price: goodsPrice, platform }) : []),
    [list.data, goodsPrice, platform],
  );
  const region = initialRegion(regions, selection.region, list.data?.account_region);
  const channels = useMemo(
    () => (list.data && region ? eligibleChannels(list.data.country[region] ?? [], { price: goodsPrice, platform }) : []),
    [list.data, region, goodsPrice, platform],
  );
  const parent = channels.find((c) => c.key === selection.rechargeInfo?.parent || channelKey(c) === selection.rechargeKey);
  const channel =
    parent && parent.sub_payment.length > 0 ? parent.sub_payment.find((s) => channelKey(s) === selection.rechargeKey) : parent;
  const [subFor, setSubFor] = useState<PaymentChannel | null>(null);
  const coupon = useOrderCoupon(vip, goods, channel);
  const quote = coupon.quote;
  const pay = useBuy(onPaid);
  const cardMode = channel !== undefined && presentationOf(channel) === "cardMode";
  // Only one channel, with sub-channels, and none chosen yet: Buy opens its sub-channels first.
  const onlyParent = !channel && channels.length === 1 && (channels[0]?.sub_payment.length ?? 0) > 0 ? channels[0] : undefined;

  if (!goods) return <p className="sf-empty">{t("recharge.chooseGoodsFirst")}</p>;

  const pickChannel = (c: PaymentChannel, sub?: PaymentChannel) => {
    const leaf = sub ?? c;
    update({
      rechargeInfo: { payway_id: leaf.payway_id, channel_id: leaf.channel_id, name: leaf.name, ...(sub ? { parent: c.key } : {}) },
      rechargeKey: channelKey(leaf),
    });
    pay.clearFailure();
    tracker.track("selectPayway", { payway_id: leaf.payway_id, channel_id: leaf.channel_id });
  };

  const buy = () => {
    if (onlyParent) setSubFor(onlyParent);
    else if (channel && region) void pay.buy({ channel, region, vip, coupon, areaRole });
  };

  const { embedded } = pay;
  const points = quote.data?.points ?? (vip ? goods.couponPoints : undefined);
  const price = quote.data?.discountPrice ?? goods.price;
  const original = quote.data && quote.data.price > quote.data.discountPrice ? quote.data.price : undefined;
  const mismatch = list.data?.account_region && region && list.data.account_region !== region ? list.data.account_region : undefined;
  const label = cardMode ? "exchange" : buyLabel(channel?.payway_id);

  return (
    <div className="sf-recharge" data-testid="recharge">
      {/* The coupon row heads the sheet (spec §2); card exchanges take no coupon. */}
      {cardMode ? null : couponRow?.(coupon, goods.value)}
      {list.isPending ? (
        <RowsSkeleton />
      ) : regions.length === 0 ? (
        <p className="sf-empty" role="status">
          {t("recharge.noChannel")}
        </p>
      ) : (
        <>
          <RegionSelect
            regions={regions}
            value={region}
            onChange={(r) => update({ region: r, rechargeInfo: undefined, rechargeKey: undefined })}
          />
          {mismatch ? (
            <p className="sf-notice" role="status">
              {t("recharge.regionMismatch", {
                account: regionLabel(mismatch, i18n.language, t("recharge.global")),
                region: regionLabel(region ?? "", i18n.language, t("recharge.global")),
              })}
            </p>
          ) : null}
          {cardMode && channel ? (
            <CardMode channel={channel} onBack={() => update({ rechargeInfo: undefined, rechargeKey: undefined })} onPaid={pay.settle} />
          ) : (
            <ChannelList
              channels={channels}
              parentKey={parent?.key}
              chosen={channel}
              onPick={(p, leaf) => pickChannel(p, leaf === p ? undefined : leaf)}
              subFor={subFor}
              onSubFor={setSubFor}
            />
          )}
        </>
      )}
      <section className="sf-order-detail" aria-labelledby="sf-order-detail-title">
        <h3 id="sf-order-detail-title">{t("recharge.orderDetail")}</h3>
        <dl>
          <dt>{t("recharge.goods")}</dt>
          <dd>{goods.display}</dd>
          <dt>{t("recharge.server")}</dt>
          <dd>{selection.server?.display ?? "—"}</dd>
          <dt>{t("recharge.role")}</dt>
          <dd data-testid="order-role">{selection.role?.display ?? "—"}</dd>
          {areaRole && selection.area ? (
            <>
              <dt>{t("recharge.orderRegion")}</dt>
              <dd>{selection.area.display}</dd>
            </>
          ) : null}
          {vip && points !== undefined ? (
            <>
              <dt>{t("recharge.points")}</dt>
              <dd>+{points}</dd>
            </>
          ) : null}
        </dl>
      </section>
      {legalLinks}
      {pay.failure ? (
        <p className="sf-form-error" role="alert" data-testid="pay-failure">
          {pay.failure}
        </p>
      ) : null}
      {cardMode ? null : (
        <div className="sf-pay-bar">
          <div className="sf-pay-bar__price">
            {original !== undefined ? <s>{formatAmount(original, goods.currency)}</s> : null}
            <strong data-testid="pay-price">{formatAmount(price, goods.currency)}</strong>
          </div>
          <button
            type="button"
            className="sf-button sf-button--primary"
            data-testid="pay-button"
            disabled={
              (!canBuy({ channel, cardMode: false, cardNumber: "", cardPassword: "" }) && !onlyParent) ||
              // The price with the chosen coupon is still being asked: pay only what is shown.
              (coupon.applied !== "" && quote.isFetching)
            }
            aria-busy={pay.busy}
            onClick={buy}
          >
            {t(label === "exchange" ? "recharge.exchange" : "recharge.buy")}
          </button>
        </div>
      )}
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

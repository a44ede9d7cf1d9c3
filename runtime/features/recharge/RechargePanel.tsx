// The recharge info (spec §2, §4, §5): payment region, channels (sub-channels in a second popup),
// order detail, price, and the Buy button that starts the payment by the method's flow. The new
// layout shows it in the bottom sheet, the old layout as its /recharge page.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PaymentChannel } from "../../../core/generated/api-types.ts";
import { useServices } from "../../app/services.ts";
import { ApiError } from "../../lib/api/client.ts";
import { formatAmount } from "../../lib/format.ts";
import { useSession } from "../../lib/session-context.ts";
import { RowsSkeleton } from "../../ui/skeleton.tsx";
import { useTip } from "../../ui/tip.tsx";
import { LegalLinks } from "../legal/LegalNotices.tsx";
import { CouponRow } from "../loyalty/CouponRow.tsx";
import { useVipVersion } from "../loyalty/queries.ts";
import { useOrderCoupon } from "../loyalty/use-order-coupon.ts";
import { usePageConfig } from "../purchase/queries.ts";
import { useSelection } from "../purchase/selection.ts";
import { CardMode } from "./CardMode.tsx";
import { ChannelList } from "./ChannelList.tsx";
import { buyLabel, canBuy, channelKey, eligibleChannels, eligibleRegions, flowOf, initialRegion } from "./channels.ts";
import { needsNoCouponConfirm } from "./coupon-gate.ts";
import { EmbeddedPay } from "./EmbeddedPay.tsx";
import { openPayWindow, startPay } from "./pay.ts";
import { RegionSelect } from "./RegionSelect.tsx";
import { regionLabel } from "./regions.ts";

export interface Paid {
  billingNo: string;
  payUrl?: string;
  /** The pay window was opened (false: the browser blocked it; the result offers 'to pay'). */
  redirected?: boolean;
}

export function RechargePanel({ onPaid }: { onPaid: (paid: Paid) => void }) {
  const { t, i18n } = useTranslation();
  const services = useServices();
  const { api, clientId, platform, tracker } = services;
  const { area } = useSession();
  const queryClient = useQueryClient();
  const { confirm } = useTip();
  const [selection, update] = useSelection(clientId);
  const page = usePageConfig();
  const goods = selection.goods;
  const vip = useVipVersion();
  const areaRole = page.data?.area_config.is_area_role === true;
  const list = useQuery({
    queryKey: ["countryList", clientId, goods?.value, platform, area],
    queryFn: () =>
      api.call("countryList", {
        client_id: clientId,
        product_id: goods?.value ?? "",
        platform,
        ...(area ? { domain_area: area as never } : {}),
      }),
    enabled: goods !== undefined,
    staleTime: 5 * 60_000,
  });
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
  const [embedded, setEmbedded] = useState<{ url: string; billingNo: string; title: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const clicking = useRef(false);
  const coupon = useOrderCoupon(vip, goods, channel);
  const quote = coupon.quote;
  const cardMode = channel !== undefined && (flowOf(channel.payway_id) === "inGameCard" || flowOf(channel.payway_id) === "cardForm");

  if (!goods) return <p className="sf-empty">{t("recharge.chooseGoodsFirst")}</p>;

  const pickChannel = (c: PaymentChannel, sub?: PaymentChannel) => {
    const leaf = sub ?? c;
    update({
      rechargeInfo: { payway_id: leaf.payway_id, channel_id: leaf.channel_id, name: leaf.name, ...(sub ? { parent: c.key } : {}) },
      rechargeKey: channelKey(leaf),
    });
    setFailure(null);
    tracker.track("selectPayway", { payway_id: leaf.payway_id, channel_id: leaf.channel_id });
  };

  const paid = (result: Paid) => {
    // A limited good's limits change once its order exists (SPEC-NOTES 'Limit flag').
    if (goods.isLimit) void queryClient.invalidateQueries({ queryKey: ["limits"] });
    update({ billing_no: result.billingNo });
    onPaid(result);
  };

  const buy = async () => {
    if (clicking.current || busy) return;
    // Only one channel, with sub-channels, and none chosen yet: choose one first.
    if (!channel && channels.length === 1 && channels[0] && channels[0].sub_payment.length > 0) {
      setSubFor(channels[0]);
      return;
    }
    if (!channel || !region) return;
    clicking.current = true;
    const skipCoupon = needsNoCouponConfirm({
      vip,
      goodsTakesCoupons: goods.isCoupon,
      channelTakesCoupons: channel.open_coupon,
      coupons: { usable: coupon.usable, ...(coupon.applied ? { applied: coupon.applied } : {}) },
    });
    if (skipCoupon && !(await confirm({ title: t("error.noCouponTitle"), text: t("error.noCoupon") }))) {
      clicking.current = false;
      return;
    }
    setBusy(true);
    setFailure(null);
    tracker.track("clickPay", { payway_id: channel.payway_id, channel_id: channel.channel_id, product_id: goods.value });
    tracker.purchase({
      step: "clickPay",
      product_id: goods.value,
      payway_id: channel.payway_id,
      channel_id: channel.channel_id,
      amount: goods.price,
    });
    const flow = flowOf(channel.payway_id);
    const embed = flow === "airwallexCard" || flow === "airwallexRedirect" || (flow === "alipayCard" && channel.channel_id === "CARD");
    const payWindow = embed ? null : openPayWindow();
    try {
      const result = await startPay({
        services,
        selection,
        channel,
        region,
        area,
        language: i18n.language,
        areaRole,
        ...(coupon.applied ? { couponCode: coupon.applied } : {}),
      });
      if (!result.billing_no) {
        payWindow?.close();
        setFailure(t("error.paywayMissing"));
        return;
      }
      if (embed && result.url) {
        setEmbedded({ url: result.url, billingNo: result.billing_no, title: channel.name });
        return;
      }
      const url = result.url;
      let redirected = false;
      if (url && flow === "krCardScript" && typeof window.SandboxKrPay?.pay === "function") {
        payWindow?.close();
        redirected = window.SandboxKrPay.pay(url) !== null;
      } else if (url && payWindow) {
        payWindow.location.href = url;
        redirected = true;
      } else payWindow?.close();
      if (redirected) tracker.track("openPayLink", { billing_no: result.billing_no, payway_id: channel.payway_id });
      paid({ billingNo: result.billing_no, ...(url ? { payUrl: url } : {}), redirected });
    } catch (err) {
      payWindow?.close();
      if (err instanceof ApiError) setFailure(err.message || t("error.payParams"));
      services.handleError(err);
    } finally {
      clicking.current = false;
      setBusy(false);
    }
  };

  const points = quote.data?.points ?? (vip ? goods.couponPoints : undefined);
  const price = quote.data?.discountPrice ?? goods.price;
  const original = quote.data && quote.data.price > quote.data.discountPrice ? quote.data.price : undefined;
  const mismatch = list.data?.account_region && region && list.data.account_region !== region ? list.data.account_region : undefined;
  const label = cardMode ? "exchange" : buyLabel(channel?.payway_id);

  return (
    <div className="sf-recharge" data-testid="recharge">
      {/* The coupon row heads the sheet (spec §2); card exchanges take no coupon. */}
      {cardMode ? null : <CouponRow coupon={coupon} productId={goods.value} />}
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
            <CardMode channel={channel} onBack={() => update({ rechargeInfo: undefined, rechargeKey: undefined })} onPaid={paid} />
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
      {/* Where the brand has legal notices, they can be read before paying. */}
      <LegalLinks className="sf-recharge__legal" />
      {failure ? (
        <p className="sf-form-error" role="alert" data-testid="pay-failure">
          {failure}
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
              (!canBuy({ channel, cardMode: false, cardNumber: "", cardPassword: "" }) &&
                !(channels.length === 1 && !channel && (channels[0]?.sub_payment.length ?? 0) > 0)) ||
              // The price with the chosen coupon is still being asked: pay only what is shown.
              (coupon.applied !== "" && quote.isFetching)
            }
            aria-busy={busy}
            onClick={() => void buy()}
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
          onClose={() => setEmbedded(null)}
          onDone={() => {
            const billingNo = embedded.billingNo;
            setEmbedded(null);
            paid({ billingNo });
          }}
        />
      ) : null}
    </div>
  );
}

declare global {
  interface Window {
    SandboxKrPay?: { pay(url: string): Window | null };
  }
}

// Goods by type (spec §2): tabs per goods type, tiles with artwork, price in the area's currency and
// badges (special, bonus, discount, limited with what is left), the chosen tile unmistakable.
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Goods, LimitInfo } from "../../../core/browser/generated/api-types.ts";
import { markFirstContent } from "../../lib/first-content.ts";
import { formatAmount } from "../../lib/format.ts";
import { webUrl } from "../../lib/safe-url.ts";
import { usePurchaseFlow } from "../../shared/purchase-flow.ts";
import { useClientId, useTracker } from "../../shared/services.ts";
import { useSelection } from "../../shared/session/order-selection.ts";
import { useTip } from "../../ui/tip.tsx";
import { useLimits } from "./api/get-limits.ts";
import { useProducts } from "./api/get-products.ts";
import { useLimitText } from "./limit-text.ts";
import { buyable, type LimitState, limitState, limitTip } from "./limits.ts";

export function GoodsGrid() {
  const { t } = useTranslation();
  const clientId = useClientId();
  const tracker = useTracker();
  const { tip, confirm } = useTip();
  const flow = usePurchaseFlow();
  const products = useProducts();
  const [selection, update] = useSelection(clientId);
  const limits = useLimits(selection.role?.value, selection.server?.value, selection.area?.value);
  const limitText = useLimitText();
  const types = useMemo(() => [...(products.data?.types ?? [])].sort((a, b) => a.typeSort - b.typeSort), [products.data]);
  const [type, setType] = useState<string | undefined>(undefined);
  const activeType = type ?? types[0]?.typeKey;
  const now = Date.now();
  const limitOf = useMemo(() => new Map((limits.data?.limits ?? []).map((l) => [l.product_id, l])), [limits.data]);
  const goods = useMemo(
    () => (products.data?.goods ?? []).filter((g) => g.typeKey === activeType).sort((a, b) => a.goodsSort - b.goodsSort),
    [products.data, activeType],
  );

  // The goods on screen are what the player came for: what waited for them may load now.
  useEffect(() => {
    if (products.data || products.isError) markFirstContent();
  }, [products.data, products.isError]);

  // A selection of goods no longer sold, or no longer buyable (its limit reached), is dropped.
  const chosen = selection.goods?.value;
  useEffect(() => {
    if (!chosen || !products.data) return;
    const info = limitOf.get(chosen);
    const gone = !products.data.goods.some((g) => g.value === chosen);
    if (gone || (info && !buyable(limitState(info, Date.now())))) update({ goods: undefined });
  }, [products.data, chosen, limitOf, update]);

  if (products.isPending) {
    return (
      <section className="sf-goods" aria-busy="true" aria-labelledby="sf-goods-title">
        {/* The title shows at once, where the goods' will be: they take the skeleton's place below it. */}
        <div className="sf-goods__head">
          <h2 id="sf-goods-title" className="sf-card__title">
            {t("goods.title")}
          </h2>
        </div>
        <div className="sf-skeleton__grid">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="sf-skeleton__tile" />
          ))}
        </div>
      </section>
    );
  }

  const explain = (info: LimitInfo, state: LimitState) => {
    const text = limitText(limitTip(info, now));
    if (state.kind === "unpaid") {
      void confirm({ title: t("common.tips"), text: `${t("error.unpaidOrder")}\n${text}`, confirmLabel: t("result.toPay") }).then((go) => {
        if (go && state.billingNo) flow.showResult(state.billingNo, undefined, true);
      });
    } else tip({ title: t("goods.limit.reached"), text: `${t("error.limitReached")} · ${text}` });
  };

  const choose = (g: Goods) => {
    const info = limitOf.get(g.value);
    const state = info ? limitState(info, now) : undefined;
    if (info && state && !buyable(state)) {
      explain(info, state);
      return;
    }
    update({
      goods: {
        value: g.value,
        display: g.display,
        price: g.price,
        currency: g.currency,
        couponPoints: g.couponPoints,
        isCoupon: g.isCoupon,
        isLimit: g.isLimit,
      },
      rechargeInfo: undefined,
      rechargeKey: undefined,
    });
    tracker.track("viewProductDetail", { product_id: g.value, price: g.price });
  };

  return (
    <section className="sf-goods" aria-labelledby="sf-goods-title">
      <div className="sf-goods__head">
        <h2 id="sf-goods-title" className="sf-card__title">
          {t("goods.title")}
        </h2>
        {products.data?.explanation ? (
          <button
            type="button"
            className="sf-link-button"
            onClick={() => tip({ title: t("goods.topupExplanation"), html: products.data?.explanation ?? "" })}
          >
            {t("goods.topupExplanation")}
          </button>
        ) : null}
      </div>
      {types.length > 1 ? (
        <fieldset className="sf-tabs sf-tabs--scroll">
          <legend className="sf-visually-hidden">{t("goods.title")}</legend>
          {types.map((ty) => (
            <button
              key={ty.typeKey}
              type="button"
              aria-pressed={ty.typeKey === activeType}
              onClick={() => {
                setType(ty.typeKey);
                tracker.track("changeProductType", { type: ty.typeKey });
              }}
            >
              {ty.name}
            </button>
          ))}
        </fieldset>
      ) : null}
      {goods.length === 0 ? (
        <p className="sf-empty">{t("goods.empty")}</p>
      ) : (
        <ul className="sf-goods__grid" data-testid="goods-grid">
          {goods.map((g) => {
            const info = limitOf.get(g.value);
            const state = info ? limitState(info, now) : undefined;
            const chosen = selection.goods?.value === g.value;
            const off = g.original_price && g.original_price > g.price ? Math.round((1 - g.price / g.original_price) * 100) : 0;
            const unavailable = state !== undefined && !buyable(state);
            return (
              <li key={g.value}>
                <button
                  type="button"
                  className={`sf-goods-tile${chosen ? " is-chosen" : ""}${unavailable ? " is-unavailable" : ""}`}
                  aria-pressed={chosen}
                  data-product={g.value}
                  onClick={() => choose(g)}
                >
                  <span className="sf-goods-tile__badges">
                    {g.isSpecial ? <span className="sf-badge sf-badge--special">{t("goods.special")}</span> : null}
                    {off > 0 ? <span className="sf-badge sf-badge--discount">{t("goods.discount", { percent: off })}</span> : null}
                    {g.isLimit ? <LimitBadge info={info} state={state} /> : null}
                  </span>
                  <img className="sf-goods-tile__art" src={webUrl(g.icon)} alt="" width="72" height="72" loading="lazy" />
                  <span className="sf-goods-tile__name">{g.display}</span>
                  {g.bonus ? <span className="sf-goods-tile__bonus">{g.bonus}</span> : null}
                  <span className="sf-goods-tile__price">
                    {off > 0 && g.original_price ? <s>{formatAmount(g.original_price, g.currency)}</s> : null}
                    <span>{formatAmount(g.price, g.currency)}</span>
                  </span>
                  {chosen ? (
                    <svg className="sf-goods-tile__check" viewBox="0 0 24 24" aria-hidden="true">
                      <circle cx="12" cy="12" r="11" />
                      <path d="m7 12.5 3.2 3L17 9" fill="none" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
                    </svg>
                  ) : null}
                </button>
                {g.description ? (
                  <button
                    type="button"
                    className="sf-goods-tile__info"
                    // The name is a bidi isolate: a Latin name reads right inside an Arabic label.
                    aria-label={`${t("goods.explanation")}: \u2068${g.display}\u2069`}
                    onClick={() => {
                      tracker.track("viewProductDetail", { product_id: g.value, detail: true });
                      tip({ title: g.display, html: g.description ?? "" });
                    }}
                  >
                    i
                  </button>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function LimitBadge({ info, state }: { info: LimitInfo | undefined; state: LimitState | undefined }) {
  const { t } = useTranslation();
  const limitText = useLimitText();
  if (!info || !state) return <span className="sf-badge sf-badge--limit">{t("goods.limited")}</span>;
  const label =
    state.kind === "open"
      ? t("goods.limit.remaining", { count: state.remaining })
      : state.kind === "unpaid"
        ? t("goods.limit.unpaid")
        : state.kind === "wait"
          ? limitText(limitTip(info, Date.now()), true)
          : t("goods.limit.reached");
  return (
    <span className="sf-badge sf-badge--limit" data-limit={state.kind}>
      {label}
    </span>
  );
}

// Goods by type: tabs per goods type and a grid of tiles (./GoodsTile.tsx); a goods that cannot be
// bought now (its limit reached, an order unpaid) explains why instead of being chosen.
import "./goods.css";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { Goods, LimitInfo, ProductListResponse } from "../../../core/browser/generated/api-types.ts";
import { useIsolate } from "../../lib/bidi.ts";
import { markFirstContent } from "../../lib/first-content.ts";
import { useTranslation } from "../../lib/use-translation.ts";
import { usePurchaseFlow } from "../../shared/purchase-flow.ts";
import { useClientId, useTracker } from "../../shared/services.ts";
import { type OrderSelection, useSelection } from "../../shared/session/order-selection.ts";
import { useTip } from "../../ui/tip.tsx";
import { useLimits } from "./api/get-limits.ts";
import { useProducts } from "./api/get-products.ts";
import { GoodsTile } from "./GoodsTile.tsx";
import { useLimitText } from "./limit-text.ts";
import { buyable, type LimitState, limitState, limitTip } from "./limits.ts";

/** The selection parts this shows (it re-renders when one changes). */
const WATCHED = ["area", "server", "role", "goods"] as const;

/** The goods' card. Its title shows at once, where the goods' will be: while they load it heads their skeleton. */
export function GoodsGrid() {
  const { t } = useTranslation();
  const iso = useIsolate();
  const clientId = useClientId();
  const tracker = useTracker();
  const { tip, confirm } = useTip();
  const flow = usePurchaseFlow();
  const products = useProducts();
  const [selection, update] = useSelection(clientId, WATCHED);
  const tiles = useTileHandlers();
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

  useMarkFirstContent(products.data, products.isError);

  const chosen = selection.goods?.value;
  useDropUnbuyable(products.data?.goods, chosen, limitOf, update);

  const explanation = products.data?.explanation;
  const head = (
    <div className="sf-goods__head">
      <h2 id="sf-goods-title" className="sf-card__title">
        {t("goods.title")}
      </h2>
      {explanation ? (
        <button type="button" className="sf-link-button" onClick={() => tip({ title: t("goods.topupExplanation"), html: explanation })}>
          {t("goods.topupExplanation")}
        </button>
      ) : null}
    </div>
  );
  if (products.isPending) {
    return (
      <section className="sf-goods" aria-busy="true" aria-labelledby="sf-goods-title">
        {head}
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
    const { value, display, price, currency, couponPoints, isCoupon, isLimit } = g;
    update({
      goods: { value, display, price, currency, couponPoints, isCoupon, isLimit },
      rechargeInfo: undefined,
      rechargeKey: undefined,
    });
    tracker.track("viewProductDetail", { product_id: g.value, price: g.price });
  };

  const changeType = (key: string) => {
    setType(key);
    tracker.track("changeProductType", { type: key });
  };

  const describe = (g: Goods) => {
    tracker.track("viewProductDetail", { product_id: g.value, detail: true });
    tip({ title: iso(g.display), html: g.description ?? "" });
  };

  tiles.latest.current = { choose, describe };

  return (
    <section className="sf-goods" aria-labelledby="sf-goods-title">
      {head}
      {types.length > 1 ? <GoodsTypeTabs types={types} active={activeType} onChange={changeType} /> : null}
      {goods.length === 0 ? (
        <p className="sf-empty">{t("goods.empty")}</p>
      ) : (
        <ul className="sf-goods__grid" data-testid="goods-grid">
          {goods.map((g) => {
            const info = limitOf.get(g.value);
            const state = info ? limitState(info, now) : undefined;
            return (
              <GoodsTile
                key={g.value}
                goods={g}
                info={info}
                state={state}
                chosen={chosen === g.value}
                onChoose={tiles.onChoose}
                onInfo={tiles.onInfo}
              />
            );
          })}
        </ul>
      )}
    </section>
  );
}

/**
 * The tiles' handlers, stable across renders (the tiles are memoised: a tap re-renders the two tiles
 * it changes, not every tile of the grid), each calling the latest render's function.
 */
function useTileHandlers() {
  const latest = useRef<{ choose(g: Goods): void; describe(g: Goods): void }>({ choose: () => {}, describe: () => {} });
  const onChoose = useCallback((g: Goods) => latest.current.choose(g), []);
  const onInfo = useCallback((g: Goods) => latest.current.describe(g), []);
  return { latest, onChoose, onInfo };
}

/** The goods on screen (or their error) are what the player came for: what waited for them may load now. */
function useMarkFirstContent(data: unknown, isError: boolean): void {
  useEffect(() => {
    if (data || isError) markFirstContent();
  }, [data, isError]);
}

/** A selection of goods no longer sold, or no longer buyable (its limit reached), is dropped. */
function useDropUnbuyable(
  sold: Goods[] | undefined,
  chosen: string | undefined,
  limitOf: Map<string, LimitInfo>,
  update: (patch: Partial<OrderSelection>) => void,
): void {
  useEffect(() => {
    if (!chosen || !sold) return;
    const info = limitOf.get(chosen);
    const gone = !sold.some((g) => g.value === chosen);
    if (gone || (info && !buyable(limitState(info, Date.now())))) update({ goods: undefined });
  }, [sold, chosen, limitOf, update]);
}

type GoodsType = ProductListResponse["types"][number];

function GoodsTypeTabs({ types, active, onChange }: { types: GoodsType[]; active: string | undefined; onChange: (type: string) => void }) {
  const { t } = useTranslation();
  const iso = useIsolate();
  return (
    <fieldset className="sf-tabs sf-tabs--scroll">
      <legend className="sf-visually-hidden">{t("goods.title")}</legend>
      {types.map((ty) => (
        <button key={ty.typeKey} type="button" aria-pressed={ty.typeKey === active} onClick={() => onChange(ty.typeKey)}>
          {iso(ty.name)}
        </button>
      ))}
    </fieldset>
  );
}

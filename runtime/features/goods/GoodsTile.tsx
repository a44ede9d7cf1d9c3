// One goods tile of the grid: artwork, name, bonus, price in the area's currency (the original struck
// through when discounted) and badges (special, discount, limited with what is left); the chosen
// tile carries a check, not only a colour, and a goods with a description has its info button.
import { memo } from "react";
import type { Goods, LimitInfo } from "../../../core/browser/generated/api-types.ts";
import { useIsolate } from "../../lib/bidi.ts";
import { formatAmount } from "../../lib/format.ts";
import { webUrl } from "../../lib/safe-url.ts";
import { useTranslation } from "../../lib/use-translation.ts";
import { useLimitText } from "./limit-text.ts";
import { buyable, type LimitState, limitTip } from "./limits.ts";

export interface GoodsTileProps {
  goods: Goods;
  /** The goods' purchase limit, when it has one and the platform told it. */
  info: LimitInfo | undefined;
  state: LimitState | undefined;
  chosen: boolean;
  onChoose: (goods: Goods) => void;
  /** Its description, from the info button. */
  onInfo: (goods: Goods) => void;
}

/** Equal limit states draw the same badge: the grid computes them afresh on each render. */
const sameTile = (a: GoodsTileProps, b: GoodsTileProps) =>
  a.goods === b.goods &&
  a.info === b.info &&
  a.chosen === b.chosen &&
  a.onChoose === b.onChoose &&
  a.onInfo === b.onInfo &&
  JSON.stringify(a.state) === JSON.stringify(b.state);

/** Memoised: choosing a goods re-renders the tile it leaves and the one it takes. */
export const GoodsTile = memo(function GoodsTile({ goods, info, state, chosen, onChoose, onInfo }: GoodsTileProps) {
  const { t } = useTranslation();
  const iso = useIsolate();
  const off = goods.original_price && goods.original_price > goods.price ? Math.round((1 - goods.price / goods.original_price) * 100) : 0;
  const unavailable = state !== undefined && !buyable(state);
  return (
    <li>
      <button
        type="button"
        className={`sf-goods-tile${chosen ? " is-chosen" : ""}${unavailable ? " is-unavailable" : ""}`}
        aria-pressed={chosen}
        data-product={goods.value}
        onClick={() => onChoose(goods)}
      >
        <span className="sf-goods-tile__badges">
          {goods.isSpecial ? <span className="sf-badge sf-badge--special">{t("goods.special")}</span> : null}
          {off > 0 ? <span className="sf-badge sf-badge--discount">{t("goods.discount", { percent: off })}</span> : null}
          {goods.isLimit ? <LimitBadge info={info} state={state} /> : null}
        </span>
        <img className="sf-goods-tile__art" src={webUrl(goods.icon)} alt="" width="72" height="72" loading="lazy" />
        <span className="sf-goods-tile__name">{iso(goods.display)}</span>
        {goods.bonus ? <span className="sf-goods-tile__bonus">{iso(goods.bonus)}</span> : null}
        <span className="sf-goods-tile__price">
          {off > 0 && goods.original_price ? <s>{iso(formatAmount(goods.original_price, goods.currency))}</s> : null}
          <span>{iso(formatAmount(goods.price, goods.currency))}</span>
        </span>
        {chosen ? (
          <svg className="sf-goods-tile__check" viewBox="0 0 24 24" aria-hidden="true">
            <circle cx="12" cy="12" r="11" />
            <path d="m7 12.5 3.2 3L17 9" fill="none" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        ) : null}
      </button>
      {goods.description ? (
        <button
          type="button"
          className="sf-goods-tile__info"
          // The name is an isolate: a Latin name reads right inside an Arabic label.
          aria-label={`${t("goods.explanation")}: ${iso(goods.display)}`}
          onClick={() => onInfo(goods)}
        >
          i
        </button>
      ) : null}
    </li>
  );
}, sameTile);

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

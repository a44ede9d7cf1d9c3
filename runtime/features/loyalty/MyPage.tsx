// /my: the account and game, the VIP summary and coupons (VIP version), the order
// history with paid and delivered told apart, receipts, language, customer service and logout.
import "./loyalty.css";
import "./my.css";
import { useState } from "react";
import type { OrderInfo } from "../../../core/browser/generated/api-types.ts";
import { useIsolate } from "../../lib/bidi.ts";
import { formatAmount } from "../../lib/format.ts";
import { webUrl } from "../../lib/safe-url.ts";
import { formatTime, localZone } from "../../lib/time.ts";
import { useTranslation } from "../../lib/use-translation.ts";
import { useCurrentGame } from "../../shared/api/games.ts";
import { useHasEvents, useVipVersion } from "../../shared/api/page-config.ts";
import { LanguagePicker } from "../../shared/components/LanguagePicker.tsx";
import { useMethodName } from "../../shared/payment/payment-words.ts";
import { useCurrentUser, useLoggedIn } from "../../shared/session/account.ts";
import { useBrand } from "../../shared/session/brand-context.ts";
import { useLogout } from "../../shared/session/logout.ts";
import { ClippedText } from "../../ui/clipped-text.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { Link } from "../../ui/link.tsx";
import { RowsSkeleton } from "../../ui/skeleton.tsx";
import { useOrders } from "./api/get-orders.ts";
import { useVipInfo } from "./api/get-vip.ts";
import { CouponDialog } from "./CouponDialog.tsx";
import { LoginPrompt } from "./LoginPrompt.tsx";
import { type OrderState, orderState } from "./order-state.ts";

const STATE_KEYS: Record<OrderState, "my.pending" | "my.failed" | "my.paid" | "my.delivered"> = {
  pending: "my.pending",
  failed: "my.failed",
  paid: "my.paid",
  delivered: "my.delivered",
};
/** While an order is paid but not yet delivered, the list refreshes this often, this long. */
const DELIVERY_POLL_MS = 5000;
const DELIVERY_POLL_FOR_MS = 3 * 60_000;

function Receipt({ order, onClose }: { order: OrderInfo; onClose: () => void }) {
  const { t } = useTranslation();
  const iso = useIsolate();
  const zone = localZone();
  const state = orderState(order);
  const methodName = useMethodName();
  const row = (label: string, value: string | undefined) =>
    value ? (
      <>
        <dt>{label}</dt>
        <dd>{iso(value)}</dd>
      </>
    ) : null;
  return (
    <Dialog
      open
      title={t("my.receipt")}
      onClose={onClose}
      footer={
        <button type="button" className="sf-button sf-button--secondary" onClick={() => window.print()}>
          {t("my.print")}
        </button>
      }
    >
      <dl className="sf-detail-list sf-receipt" data-testid="receipt">
        {row(t("my.orderNo"), order.billing_no)}
        <dt>{t("my.status")}</dt>
        <dd>{t(STATE_KEYS[state])}</dd>
        {row(t("my.game"), order.game_name)}
        {row(t("recharge.server"), order.game_server_name)}
        {row(t("recharge.role"), order.role_name)}
        {row(t("recharge.goods"), order.product_name)}
        {row(t("recharge.price"), order.amount !== undefined ? formatAmount(order.amount, order.currency ?? "USD") : undefined)}
        {row(t("my.discount"), order.discount_amount ? formatAmount(order.discount_amount, order.currency ?? "USD") : undefined)}
        {row(t("my.method"), methodName(order))}
        {row(t("my.created"), order.created_at ? formatTime(order.created_at, zone) : undefined)}
        {row(t("my.paidAt"), order.paid_at ? formatTime(order.paid_at, zone) : undefined)}
        {row(t("my.deliveredAt"), order.delivered_at ? formatTime(order.delivered_at, zone) : undefined)}
        {row(t("recharge.points"), order.points ? `+${order.points}` : undefined)}
      </dl>
    </Dialog>
  );
}

function OrderRow({ order, onReceipt }: { order: OrderInfo; onReceipt: () => void }) {
  const { t } = useTranslation();
  const iso = useIsolate();
  const state = orderState(order);
  const methodName = useMethodName();
  return (
    <li className="sf-order" data-order={order.billing_no} data-state={state}>
      <div className="sf-order__main">
        <span className="sf-order__name">{iso(order.product_name ?? "")}</span>
        <span className="sf-order__meta">
          {iso(methodName(order))} · {order.created_at ? iso(formatTime(order.created_at, localZone())) : ""}
        </span>
        {state === "paid" ? <span className="sf-order__hint">{t("my.delivering")}</span> : null}
      </div>
      <div className="sf-order__side">
        <strong>{order.amount !== undefined ? iso(formatAmount(order.amount, order.currency ?? "USD")) : ""}</strong>
        <span className={`sf-tag sf-tag--order-${state}`} data-testid="order-status">
          {t(STATE_KEYS[state])}
        </span>
      </div>
      <div className="sf-order__actions">
        {state === "pending" && webUrl(order.pay_url) ? (
          <a
            className="sf-button sf-button--small sf-button--primary"
            href={webUrl(order.pay_url)}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t("my.payPending")}
          </a>
        ) : null}
        {/* A receipt is proof of a payment: pending and failed orders have none. */}
        {state === "paid" || state === "delivered" ? (
          <button type="button" className="sf-link-button" onClick={onReceipt} aria-label={`${t("my.receipt")}: ${iso(order.billing_no)}`}>
            {t("my.receipt")}
          </button>
        ) : null}
      </div>
    </li>
  );
}

function Orders() {
  const { t } = useTranslation();
  const [since] = useState(() => Date.now());
  const [receipt, setReceipt] = useState<OrderInfo | null>(null);
  const orders = useOrders(true, (pages) => {
    const waiting = pages.some((p) => p.orders.some((o) => orderState(o) === "paid"));
    return waiting && Date.now() - since < DELIVERY_POLL_FOR_MS ? DELIVERY_POLL_MS : false;
  });
  const all = orders.data?.pages.flatMap((p) => p.orders) ?? [];
  return (
    <section className="sf-card" aria-labelledby="sf-my-orders" data-testid="orders">
      <h2 className="sf-card__title" id="sf-my-orders">
        {t("my.orders")}
      </h2>
      {orders.isPending ? (
        <RowsSkeleton />
      ) : all.length === 0 ? (
        <p className="sf-empty">{t("my.noOrders")}</p>
      ) : (
        <ul className="sf-orders">
          {all.map((o) => (
            <OrderRow key={o.billing_no} order={o} onReceipt={() => setReceipt(o)} />
          ))}
        </ul>
      )}
      {orders.hasNextPage ? (
        <button
          type="button"
          className="sf-button sf-button--secondary sf-button--block"
          disabled={orders.isFetchingNextPage}
          onClick={() => void orders.fetchNextPage()}
        >
          {t("common.more")}
        </button>
      ) : null}
      {receipt ? <Receipt order={receipt} onClose={() => setReceipt(null)} /> : null}
    </section>
  );
}

function VipSummary() {
  const { t } = useTranslation();
  const iso = useIsolate();
  const info = useVipInfo(true);
  const [coupons, setCoupons] = useState(false);
  return (
    <section className="sf-card sf-my-vip" aria-labelledby="sf-my-vip" data-testid="my-vip">
      <h2 className="sf-card__title" id="sf-my-vip">
        {t("vip.title")}
      </h2>
      {info.data ? (
        <p>
          <strong>{iso(info.data.vip_level_name)}</strong> · {t("vip.points")} {iso(info.data.total_points.toLocaleString())}
        </p>
      ) : null}
      <div className="sf-my-vip__links">
        <Link className="sf-button sf-button--secondary sf-button--small" to="/userCenter">
          {t("vip.title")}
        </Link>
        <button type="button" className="sf-button sf-button--secondary sf-button--small" onClick={() => setCoupons(true)}>
          {t("my.coupons")}
        </button>
      </div>
      {coupons ? <CouponDialog open mode="claim" onClose={() => setCoupons(false)} /> : null}
    </section>
  );
}

export function MyPage() {
  const { t } = useTranslation();
  const { brand } = useBrand();
  const user = useCurrentUser();
  const loggedIn = useLoggedIn();
  const vip = useVipVersion();
  const hasEvents = useHasEvents();
  const { game } = useCurrentGame();
  const logout = useLogout();
  return (
    <div className="sf-loyalty" data-testid="my">
      {loggedIn ? (
        <section className="sf-card sf-my-account" aria-labelledby="sf-my-account">
          <div className="sf-my-account__who">
            <p className="sf-muted">
              <ClippedText text={game?.name ?? ""} lines={3} />
            </p>
            <h2 id="sf-my-account">
              <ClippedText data-testid="my-username" text={user?.username ?? ""} />
            </h2>
          </div>
          {user ? (
            <button type="button" className="sf-button sf-button--secondary sf-button--small" onClick={() => void logout()}>
              {t("login.logout")}
            </button>
          ) : null}
        </section>
      ) : (
        <LoginPrompt text={t("my.loginFirst")} />
      )}
      {loggedIn && vip ? <VipSummary /> : null}
      {loggedIn && hasEvents ? (
        <Link className="sf-card sf-my-link" to="/activity">
          {t("activity.title")}
          <span aria-hidden="true">›</span>
        </Link>
      ) : null}
      {loggedIn ? <Orders /> : null}
      <section className="sf-card sf-my-settings" aria-label={t("my.language")}>
        <span>{t("my.language")}</span>
        <LanguagePicker />
      </section>
      <section className="sf-card sf-my-settings">
        <span>{t("my.support")}</span>
        <span className="sf-my-settings__links">
          {brand.support.email ? <a href={`mailto:${brand.support.email}`}>{brand.support.email}</a> : null}
          <a href={brand.support.url} target="_blank" rel="noopener noreferrer">
            {t("my.helpCentre")}
          </a>
        </span>
      </section>
    </div>
  );
}

export default MyPage;

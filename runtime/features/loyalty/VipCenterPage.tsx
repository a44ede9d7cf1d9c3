// /userCenter, the VIP centre: level, growth points and progress to the next
// level, points exchange, the coupons and first-achievement reward of each level, my rewards and
// history, the FAQ, and the real-name state where the platform reports it. Also opened inside a
// game's web view (visit=sdk), where the game's token is used and a not-logged-in answer keeps it.
import "./loyalty.css";
import "./vip.css";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import type { VipLevel } from "../../../core/browser/generated/api-types.ts";
import { ApiError } from "../../lib/api/client.ts";
import { useIsolate } from "../../lib/bidi.ts";
import { useIsolateText } from "../../lib/bidi-text.ts";
import { useTranslation } from "../../lib/use-translation.ts";
import { usePageConfig, useVipVersion } from "../../shared/api/page-config.ts";
import { queryKeys } from "../../shared/api/query-keys.ts";
import { useApi, useClientId, useTracker } from "../../shared/services.ts";
import { useLoggedIn } from "../../shared/session/account.ts";
import { useBrand } from "../../shared/session/brand-context.ts";
import { useSelection } from "../../shared/session/order-selection.ts";
import { Link } from "../../ui/link.tsx";
import { RowsSkeleton } from "../../ui/skeleton.tsx";
import { SafeHtml } from "../../ui/tip-dialog.tsx";
import { useToast } from "../../ui/toast.tsx";
import { useVipBasic, useVipInfo } from "./api/get-vip.ts";
import { CouponDialog, KIND_KEYS } from "./CouponDialog.tsx";
import { LoginPrompt, NotOffered } from "./LoginPrompt.tsx";
import { percentOff, vipProgress } from "./rules.ts";

function VipStar() {
  return (
    <svg className="sf-vip-hero__star" viewBox="0 0 24 24" aria-hidden="true" width="28" height="28">
      <path fill="currentColor" d="m12 2 3 6.5 7 .8-5.2 4.8 1.4 7L12 17.6 5.8 21l1.4-7L2 9.3l7-.8z" />
    </svg>
  );
}

function RealNameState({ state }: { state: "loading" | "failed" | "not_verified" | "ok" }) {
  const { t } = useTranslation();
  if (state === "ok") return null;
  if (state === "loading")
    return (
      <p className="sf-notice" role="status">
        {t("vip.realName.loading")}
      </p>
    );
  if (state === "failed")
    return (
      <p className="sf-notice sf-notice--error" role="alert">
        {t("vip.realName.failed")}
      </p>
    );
  return (
    <div className="sf-notice sf-notice--action" role="status" data-testid="vip-real-name">
      <span>{t("vip.realName.notVerified")}</span>
      <Link className="sf-button sf-button--small sf-button--primary" to="/certifiedReal">
        {t("vip.realName.verify")}
      </Link>
    </div>
  );
}

function PointsExchange({ points, rate }: { points: number; rate: number }) {
  const { t } = useTranslation();
  const api = useApi();
  const clientId = useClientId();
  const [selection] = useSelection(clientId);
  const params = new URLSearchParams(window.location.search);
  const roleId = selection.role?.value ?? params.get("role_id") ?? undefined;
  const serverId = selection.server?.value ?? params.get("server_id") ?? undefined;
  const [amount, setAmount] = useState("");
  const toast = useToast();
  const queryClient = useQueryClient();
  const inputId = useId();
  const exchange = useMutation({
    mutationFn: (n: number) =>
      api.call("exchangePoints", { client_id: clientId, points: n, server_id: serverId ?? "", role_id: roleId ?? "" }),
    onSuccess: (r, n) => {
      setAmount("");
      toast(t("vip.exchanged", { count: n, points: n.toLocaleString(), coins: t("vip.coins", { count: r.coins }) }));
      void queryClient.invalidateQueries({ queryKey: queryKeys.vipInfo.all() });
    },
    onError: (err) => {
      if (err instanceof ApiError && err.message) toast(err.message);
    },
  });
  const n = Number(amount);
  const valid = Number.isInteger(n) && n > 0 && n <= points;
  return (
    <section className="sf-card" aria-labelledby="sf-vip-exchange">
      <h2 className="sf-card__title" id="sf-vip-exchange">
        {t("vip.exchange")}
      </h2>
      <p className="sf-muted">
        {t("vip.exchangeable", { count: points, points: points.toLocaleString() })} ·{" "}
        {t("vip.exchangeRate", { coins: t("vip.coins", { count: rate }) })}
      </p>
      {roleId && serverId ? (
        <form
          className="sf-vip-exchange"
          onSubmit={(e) => {
            e.preventDefault();
            if (valid && !exchange.isPending) exchange.mutate(n);
          }}
        >
          <label className="sf-visually-hidden" htmlFor={inputId}>
            {t("vip.exchangePoints")}
          </label>
          <input
            id={inputId}
            className="sf-input"
            inputMode="numeric"
            pattern="[0-9]*"
            placeholder={t("vip.exchangePoints")}
            value={amount}
            onChange={(e) => setAmount(e.target.value.replace(/\D/g, ""))}
          />
          <button type="submit" className="sf-button sf-button--primary" disabled={!valid || exchange.isPending}>
            {t("vip.exchangeButton", { count: valid ? Math.floor(n * rate) : 0 })}
          </button>
        </form>
      ) : (
        <p>
          <Link to="/selectGoods">{t("vip.chooseRole")}</Link>
        </p>
      )}
    </section>
  );
}

function LevelCard({ level, current }: { level: VipLevel; current: boolean }) {
  const { t } = useTranslation();
  const iso = useIsolate();
  const isoText = useIsolateText();
  return (
    <li className={`sf-vip-level${current ? " is-current" : ""}`} aria-current={current ? "true" : undefined}>
      <h3>
        {iso(level.level_name)}
        {current ? <span className="sf-tag sf-tag--usable">{t("vip.current")}</span> : null}
      </h3>
      <p className="sf-muted">{t("vip.needPoints", { count: level.need_points, points: level.need_points.toLocaleString() })}</p>
      {level.coupons_list.length > 0 ? (
        <ul className="sf-vip-level__coupons">
          {level.coupons_list.map((c) => (
            <li key={`${c.type}-${c.name}`}>
              <span className="sf-tag sf-tag--kind">{t(KIND_KEYS[c.type])}</span>{" "}
              {t("coupon.off", { percent: percentOff(c.discount_rate) })} {iso(`×${c.count}`)}
            </li>
          ))}
        </ul>
      ) : null}
      {level.first_reward ? (
        <p className="sf-vip-level__first">
          <strong>{t("vip.firstReward")}:</strong> {isoText(level.first_reward)}
        </p>
      ) : null}
    </li>
  );
}

export function VipCenterPage() {
  const { t } = useTranslation();
  const iso = useIsolate();
  const tracker = useTracker();
  const { brand } = useBrand();
  const page = usePageConfig();
  const vip = useVipVersion();
  const loggedIn = useLoggedIn();
  const basic = useVipBasic(vip);
  const info = useVipInfo(vip && loggedIn);
  const [rewards, setRewards] = useState(false);

  useEffect(() => {
    tracker.track("viewVipCenter");
  }, [tracker]);

  if (page.isPending) return <RowsSkeleton />;
  if (!vip) return <NotOffered text={t("vip.unavailable")} testId="vip-off" />;
  // The levels and the account's state are asked at once and shown together: nothing arrives later
  // to push the page down under a player who has started reading it or moving through it by keyboard.
  if (basic.isPending || (loggedIn && info.isPending)) return <RowsSkeleton />;

  const levels = basic.data?.levels ?? [];
  const me = info.data;
  const next = levels.find((l) => l.level_id === (me?.vip_level ?? -1) + 1);
  // Only once the levels are known: no interim value that changes under the player's eyes.
  const progress = me && basic.data ? vipProgress(me.total_points, me.next_level_points) : undefined;
  const realName = !brand.features.realName
    ? "ok"
    : info.isPending
      ? "loading"
      : info.isError
        ? "failed"
        : me?.real_name === "not_verified"
          ? "not_verified"
          : "ok";

  return (
    <div className="sf-loyalty" data-testid="vip-center">
      {loggedIn ? <RealNameState state={realName} /> : null}
      {!loggedIn ? (
        <LoginPrompt text={t("vip.loginFirst")} />
      ) : me ? (
        <section className="sf-vip-hero" aria-labelledby="sf-vip-level">
          <div className="sf-vip-hero__top">
            <VipStar />
            <div>
              <p className="sf-vip-hero__label">{t("vip.level")}</p>
              <h2 id="sf-vip-level" data-testid="vip-level">
                {iso(me.vip_level_name)}
              </h2>
            </div>
            <p className="sf-vip-hero__points">
              <span>{t("vip.points")}</span>
              <strong data-testid="vip-points">{iso(me.total_points.toLocaleString())}</strong>
            </p>
          </div>
          {progress ? (
            <>
              <div
                className="sf-progress"
                role="progressbar"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Number(progress.percent)}
                aria-label={t("vip.progressLabel")}
              >
                <span style={{ inlineSize: `${progress.percent}%` }} />
              </div>
              <p className="sf-vip-hero__next" data-testid="vip-progress">
                {progress.top
                  ? t("vip.highest")
                  : t("vip.progress", {
                      percent: progress.percent,
                      next: next?.level_name ?? "",
                      points: Math.max(0, me.next_level_points - me.total_points).toLocaleString(),
                    })}
              </p>
            </>
          ) : null}
          <button type="button" className="sf-button sf-button--on-hero" data-testid="my-rewards" onClick={() => setRewards(true)}>
            {t("vip.myRewards")}
          </button>
        </section>
      ) : null}
      {me && basic.data ? <PointsExchange points={me.exchangeable_points} rate={basic.data.point_to_coin} /> : null}
      {levels.length > 0 ? (
        <section className="sf-card" aria-labelledby="sf-vip-levels">
          <h2 className="sf-card__title" id="sf-vip-levels">
            {t("vip.levelCoupons")}
          </h2>
          <ul className="sf-vip-levels">
            {levels.map((l) => (
              <LevelCard key={l.level_id} level={l} current={l.level_id === me?.vip_level} />
            ))}
          </ul>
        </section>
      ) : null}
      {basic.data ? (
        <section className="sf-card" aria-labelledby="sf-vip-faq">
          <h2 className="sf-card__title" id="sf-vip-faq">
            {basic.data.faq_title || t("vip.faq")}
          </h2>
          <SafeHtml html={basic.data.faq_content} />
        </section>
      ) : null}
      {rewards ? <CouponDialog open mode="claim" onClose={() => setRewards(false)} /> : null}
    </div>
  );
}

export default VipCenterPage;

// /activity: the cumulative and consecutive top-up events of the game, each
// reward with its threshold and state, claimed once. Progress follows paid orders.
import "./loyalty.css";
import "./events.css";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { CODE } from "../../../core/browser/generated/api-errors.ts";
import type { Activity, EventReward } from "../../../core/browser/generated/api-types.ts";
import { ApiError } from "../../lib/api/client.ts";
import { useIsolate } from "../../lib/bidi.ts";
import { useIsolateText } from "../../lib/bidi-text.ts";
import { formatAmount } from "../../lib/format.ts";
import { formatTime, localZone } from "../../lib/time.ts";
import { useTranslation } from "../../lib/use-translation.ts";
import { useHasEvents, usePageConfig } from "../../shared/api/page-config.ts";
import { queryKeys } from "../../shared/api/query-keys.ts";
import { useApi, useClientId, useTracker } from "../../shared/services.ts";
import { useLoggedIn } from "../../shared/session/account.ts";
import { useSelection } from "../../shared/session/order-selection.ts";
import { Dialog } from "../../ui/dialog.tsx";
import { RowsSkeleton } from "../../ui/skeleton.tsx";
import { Tabs } from "../../ui/tabs.tsx";
import { useToast } from "../../ui/toast.tsx";
import { useActivities } from "./api/get-activities.ts";
import { LoginPrompt, NotOffered } from "./LoginPrompt.tsx";

type Kind = Activity["type"];
const STATE_KEYS = { claimable: "activity.claim", received: "activity.received", locked: "activity.locked" } as const;

function thresholdText(t: ReturnType<typeof useTranslation>["t"], activity: Activity, value: number): string {
  return activity.type === "cumulative"
    ? t("activity.threshold", { amount: formatAmount(value, activity.currency ?? "USD") })
    : t("activity.days", { count: value });
}

function RewardRow({
  activity,
  reward,
  onClaim,
  onDetail,
  busy,
}: {
  activity: Activity;
  reward: EventReward;
  onClaim: () => void;
  onDetail: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const isoText = useIsolateText();
  const share = Math.min(100, reward.threshold > 0 ? (activity.progress / reward.threshold) * 100 : 100);
  return (
    <li className={`sf-reward sf-reward--${reward.state}`} data-reward={reward.reward_id} data-state={reward.state}>
      <button type="button" className="sf-reward__info" onClick={onDetail} aria-haspopup="dialog">
        <span className="sf-reward__icon" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path fill="currentColor" d="M3 9h18v4H3zM5 13h14v8H5zM11 9h2v12h-2zM12 9C9 9 7 4 10 4c2 0 2 5 2 5s0-5 2-5c3 0 1 5-2 5z" />
          </svg>
        </span>
        <span className="sf-reward__text">
          <span className="sf-reward__name">{isoText(reward.name)}</span>
          <span className="sf-reward__threshold">{thresholdText(t, activity, reward.threshold)}</span>
          {reward.state === "locked" ? (
            <span className="sf-progress sf-progress--thin" aria-hidden="true">
              <span style={{ inlineSize: `${share}%` }} />
            </span>
          ) : null}
        </span>
      </button>
      {reward.state === "claimable" ? (
        <button
          type="button"
          className="sf-button sf-button--small sf-button--primary"
          data-action="claim"
          disabled={busy}
          aria-label={`${t("activity.claim")}: ${isoText(reward.name)}`}
          onClick={onClaim}
        >
          {t("activity.claim")}
        </button>
      ) : (
        <span className={`sf-tag sf-tag--${reward.state === "received" ? "used" : "unusable"}`}>{t(STATE_KEYS[reward.state])}</span>
      )}
    </li>
  );
}

export function ActivityPage() {
  const { t } = useTranslation();
  const iso = useIsolate();
  const isoText = useIsolateText();
  const api = useApi();
  const clientId = useClientId();
  const tracker = useTracker();
  const page = usePageConfig();
  const hasEvents = useHasEvents();
  const loggedIn = useLoggedIn();
  const list = useActivities(hasEvents && loggedIn);
  const [selection] = useSelection(clientId);
  const [tab, setTab] = useState<Kind | undefined>(undefined);
  const [detail, setDetail] = useState<{ activity: Activity; reward: EventReward } | null>(null);
  const queryClient = useQueryClient();
  const toast = useToast();

  useEffect(() => {
    tracker.track("viewActivity");
  }, [tracker]);

  const claim = useMutation({
    mutationFn: (v: { activity: Activity; reward: EventReward }) =>
      api.call("receiveActivityGift", {
        client_id: clientId,
        activity_id: v.activity.activity_id,
        reward_id: v.reward.reward_id,
        ...(selection.server ? { server_id: selection.server.value } : {}),
        ...(selection.role ? { role_id: selection.role.value } : {}),
      }),
    onSuccess: (_r, v) => toast(t("activity.claimed", { name: v.reward.name })),
    onError: (err) => {
      if (err instanceof ApiError && err.code === CODE.activityMissing) toast(t("activity.gone"));
      else toast(err instanceof ApiError && err.message ? err.message : t("error.receiveFail"));
    },
    onSettled: () => {
      // The events' progress and the count of rewards waiting, which the top-up page's prompt shows.
      for (const queryKey of [queryKeys.activities.all(), queryKeys.activityStatus.all()]) void queryClient.invalidateQueries({ queryKey });
    },
  });

  if (page.isPending) return <RowsSkeleton />;
  if (!hasEvents) return <NotOffered text={t("activity.none")} testId="no-events" />;
  if (!loggedIn)
    return (
      <div className="sf-loyalty">
        <LoginPrompt text={t("activity.loginFirst")} />
      </div>
    );
  if (list.isPending) return <RowsSkeleton />;

  const activities = list.data?.activities ?? [];
  const kinds = (["cumulative", "continue"] as const).filter((k) => activities.some((a) => a.type === k));
  const current = tab && kinds.includes(tab) ? tab : kinds[0];
  const shown = activities.filter((a) => a.type === current);
  const zone = localZone();

  return (
    <div className="sf-loyalty" data-testid="activity">
      {kinds.length === 0 ? <p className="sf-empty">{t("common.noData")}</p> : null}
      <Tabs
        label={t("activity.title")}
        className="sf-tabs sf-tabs--scroll"
        tabs={kinds.map((k) => ({ id: k, label: t(k === "cumulative" ? "activity.cumulative" : "activity.continuous") }))}
        selected={current}
        onSelect={setTab}
      >
        {shown.map((a) => (
          <section
            key={a.activity_id}
            className="sf-card sf-event"
            data-activity={a.activity_id}
            aria-labelledby={`sf-ev-${a.activity_id}`}
          >
            <h2 className="sf-card__title" id={`sf-ev-${a.activity_id}`}>
              {isoText(a.title)}
            </h2>
            {a.description ? <p className="sf-muted">{isoText(a.description)}</p> : null}
            <p className="sf-event__period">{t("activity.ends", { time: formatTime(a.end_time, zone) })}</p>
            <p className="sf-event__progress" data-testid="event-progress">
              {a.type === "cumulative"
                ? t("activity.progressAmount", { amount: formatAmount(a.progress, a.currency ?? "USD") })
                : t("activity.progressDays", { count: a.progress })}
            </p>
            <ul className="sf-rewards">
              {a.rewards.map((r) => (
                <RewardRow
                  key={r.reward_id}
                  activity={a}
                  reward={r}
                  busy={claim.isPending}
                  onClaim={() => claim.mutate({ activity: a, reward: r })}
                  onDetail={() => {
                    setDetail({ activity: a, reward: r });
                    tracker.track("viewRewardDetail", { activity_id: a.activity_id, reward_id: r.reward_id });
                  }}
                />
              ))}
            </ul>
          </section>
        ))}
      </Tabs>
      <Dialog open={detail !== null} title={t("activity.rewardDetail")} onClose={() => setDetail(null)}>
        {detail ? (
          <dl className="sf-detail-list">
            <dt>{t("activity.reward")}</dt>
            <dd>{isoText(detail.reward.name)}</dd>
            <dt>{t("activity.condition")}</dt>
            <dd>{thresholdText(t, detail.activity, detail.reward.threshold)}</dd>
            <dt>{t("activity.state")}</dt>
            <dd>{t(STATE_KEYS[detail.reward.state])}</dd>
            <dt>{t("activity.period")}</dt>
            <dd>
              {iso(formatTime(detail.activity.start_time, zone))} – {iso(formatTime(detail.activity.end_time, zone))}
            </dd>
          </dl>
        ) : null}
      </Dialog>
    </div>
  );
}

export default ActivityPage;

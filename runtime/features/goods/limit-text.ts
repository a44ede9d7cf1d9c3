// The words of a limit tip: the rule ('2 times within 7 days') and the wait ('next purchase in 1d 3h 5m').
import { useCallback } from "react";
import { useTranslation } from "../../lib/use-translation.ts";
import type { LimitTip } from "./limits.ts";

export function useLimitText() {
  const { t } = useTranslation();
  return useCallback(
    (tip: LimitTip, waitOnly = false) => {
      const rule = t(tip.rule.key, { count: tip.rule.count, days: t("goods.limit.days", { count: tip.rule.days ?? 0 }) });
      if (!tip.next) return rule;
      const wait = t("goods.limit.next", { time: t("goods.limit.duration", tip.next) });
      return waitOnly ? wait : `${rule} · ${wait}`;
    },
    [t],
  );
}

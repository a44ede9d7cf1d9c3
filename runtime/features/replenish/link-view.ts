// Whether a make-up link's page shows the link or the page-expired view, from the platform's answer
// and the seconds the page has counted down since. Only an open link counts down: the platform
// answers a paid one with valid_time 0, which is not an expiry (the page says it was paid).
import type { ReplenishInfoResponse } from "../../../core/browser/generated/api-types.ts";

export function linkView(status: ReplenishInfoResponse["status"], secondsLeft: number | undefined): "link" | "expired" {
  if (status === "expired") return "expired";
  return status === "open" && secondsLeft === 0 ? "expired" : "link";
}

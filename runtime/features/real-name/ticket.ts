// The real-name ticket of a 6001 answer, kept for this visit only: it lets /certifiedReal send the
// player to the verification form for the account that was refused.
import { useSyncExternalStore } from "react";

let ticket: string | undefined;
const listeners = new Set<() => void>();

export function setRealNameTicket(value: string | undefined): void {
  ticket = value;
  for (const l of listeners) l();
}

export function useRealNameTicket(): string | undefined {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => ticket,
  );
}

// The player's order selection (kept 7 days in paymentOrderInfo):
// game, area, server, role, goods, payment region and channel, and the last billing number.
import { useCallback, useSyncExternalStore } from "react";
import { getItem, removeItem, setItem } from "../../lib/storage.ts";

export interface Pair {
  display: string;
  value: string;
}

export interface SelectedGoods extends Pair {
  price: number;
  currency: string;
  couponPoints: number;
  isCoupon: boolean;
  isLimit: boolean;
}

export interface RechargeInfo {
  payway_id: number;
  channel_id: string;
  name: string;
  /** The parent channel's key when this is a sub-channel. */
  parent?: string;
}

export interface OrderSelection {
  clientId: string;
  gameName?: string;
  gameProductId?: number;
  area?: Pair;
  server?: Pair;
  realServer?: string;
  role?: Pair;
  goods?: SelectedGoods;
  region?: string;
  rechargeInfo?: RechargeInfo;
  /** payway_id_channel_id of the chosen channel. */
  rechargeKey?: string;
  billing_no?: string;
  /** The pay link of that order, for 'to pay' on the result. */
  pay_url?: string;
}

const listeners = new Set<() => void>();
let version = 0;
const notify = () => {
  version++;
  for (const l of listeners) l();
};

/** The stored selection when it belongs to this game; anything else reads as empty. */
export function readSelection(clientId: string): OrderSelection {
  const raw = getItem<unknown>("paymentOrderInfo");
  if (typeof raw === "object" && raw !== null && (raw as OrderSelection).clientId === clientId) return raw as OrderSelection;
  return { clientId };
}

export function updateSelection(clientId: string, patch: Partial<OrderSelection>): void {
  setItem("paymentOrderInfo", { ...readSelection(clientId), ...patch, clientId });
  notify();
}

export function clearSelection(): void {
  removeItem("paymentOrderInfo");
  notify();
}

/**
 * The selection's writer alone: a component that only records a choice does not re-render when the
 * selection changes (a tap re-renders what shows the selection, not the page around it).
 */
export function useSelectionUpdate(clientId: string): (patch: Partial<OrderSelection>) => void {
  return useCallback((patch: Partial<OrderSelection>) => updateSelection(clientId, patch), [clientId]);
}

/**
 * The selection and its writer. With `watch`, the component re-renders only when one of those parts
 * changes (a payment method chosen in the recharge does not re-render the goods behind it); without,
 * on every change.
 */
export function useSelection(
  clientId: string,
  watch?: readonly (keyof OrderSelection)[],
): [OrderSelection, (patch: Partial<OrderSelection>) => void] {
  useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    // A string compares by value: an unchanged part is the same snapshot, and React skips the render.
    () => {
      if (!watch) return version;
      const selection = readSelection(clientId);
      return JSON.stringify(watch.map((key) => selection[key]));
    },
  );
  return [readSelection(clientId), useSelectionUpdate(clientId)];
}

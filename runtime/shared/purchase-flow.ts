// How a screen moves the purchase on: the new layout opens the recharge sheet and the result popup,
// the old layout goes to its /recharge and /result pages (docs/decisions.md, "Purchase journey").
import { createContext, useContext } from "react";

export interface PurchaseFlow {
  openRecharge(): void;
  /**
   * Shows an order's result (pending orders are polled); payUrl is the pay link when known; ongoing:
   * the order was already waiting when the player asked to buy (Repeat: docs/decisions.md, "Sandbox
   * platform and API contract").
   */
  showResult(billingNo: string, payUrl?: string, ongoing?: boolean): void;
}

export const PurchaseFlowContext = createContext<PurchaseFlow>({ openRecharge: () => undefined, showResult: () => undefined });
export const usePurchaseFlow = () => useContext(PurchaseFlowContext);

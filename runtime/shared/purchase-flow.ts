// How a screen moves the purchase on: the new layout opens the recharge sheet and the result popup,
// the old layout goes to its /recharge and /result pages (SPEC-NOTES 'Routes and entry').
import { createContext, useContext } from "react";

export interface PurchaseFlow {
  openRecharge(): void;
  /**
   * Shows an order's result (pending orders are polled); payUrl is the pay link when known; ongoing:
   * the order was already waiting when the player asked to buy (Repeat, SPEC-NOTES 'Repeat (10)').
   */
  showResult(billingNo: string, payUrl?: string, ongoing?: boolean): void;
}

export const PurchaseFlowContext = createContext<PurchaseFlow>({ openRecharge: () => undefined, showResult: () => undefined });
export const usePurchaseFlow = () => useContext(PurchaseFlowContext);

// How the storefront names and groups payment methods: from the payment-method catalogue (its kind
// and display name, generated from schema/payment-methods.json), never from internal ids.
import type { PaymentChannel } from "../../../core/browser/generated/api-types.ts";
import { type DisplayWords, displayName, type PaymentKind } from "../../../core/browser/payments/display.ts";
import { paymentMethods } from "../../generated/payment-methods.ts";

export type { DisplayWords };

/** A picker group: the catalogue's kinds, and `other` for a method the platform offers before the catalogue knows it. */
export type PickerKind = PaymentKind | "other";

export const kindOf = (paywayId: number): PickerKind => paymentMethods[paywayId]?.kind ?? "other";

/**
 * The method's display name in the player's language (a provider's name as is, its word translated);
 * for a method the catalogue does not know, what the platform calls it.
 */
export function methodName(paywayId: number | undefined, words: DisplayWords, fallback = ""): string {
  const method = paywayId === undefined ? undefined : paymentMethods[paywayId];
  return method ? displayName(method.display, words) : fallback;
}

export interface ChannelGroup<C> {
  kind: PickerKind;
  channels: C[];
}

/**
 * Channels grouped by what the player pays with. Groups come in the order of their first channel
 * and keep the platform's order inside, so the region's preferred method still leads the list.
 */
export function groupByKind<C extends Pick<PaymentChannel, "payway_id">>(channels: readonly C[]): ChannelGroup<C>[] {
  const groups = new Map<PickerKind, C[]>();
  for (const c of channels) {
    const kind = kindOf(c.payway_id);
    const group = groups.get(kind);
    if (group) group.push(c);
    else groups.set(kind, [c]);
  }
  return [...groups].map(([kind, list]) => ({ kind, channels: list }));
}

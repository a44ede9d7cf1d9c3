// Which payment channels and regions a goods can be paid with, as pure functions.
import type { CountryList, PaymentChannel } from "../../../core/browser/generated/api-types.ts";
import { type FlowTraits, flowTraits, type PaymentFlow, paymentMethods } from "../../generated/payment-methods.ts";

/**
 * A channel's price bounds: min and max both ≤ 0 → any price; only min ≤ 0 → at most max;
 * only max ≤ 0 → at least min; otherwise between them, inclusive.
 */
export function priceFits(price: number, min: number, max: number): boolean {
  if (min <= 0 && max <= 0) return true;
  if (min <= 0) return price <= max;
  if (max <= 0) return price >= min;
  return price >= min && price <= max;
}

export interface ChannelContext {
  price: number;
  /** The device's platform: the Apple-pay channel shows on iOS only. */
  platform: "android" | "ios" | "web";
}

function usable(channel: PaymentChannel, ctx: ChannelContext): boolean {
  if (!channel.icon) return false;
  if (channel.apple_pay && ctx.platform !== "ios") return false;
  return true;
}

const bySort = (a: PaymentChannel, b: PaymentChannel) => Number(a.sort) - Number(b.sort);

/**
 * The channels listed for a price: with an icon, the price within min/max (for a channel with
 * sub-channels, at least one sub-channel fits, and only the fitting ones are kept), sorted by sort.
 */
export function eligibleChannels(channels: readonly PaymentChannel[], ctx: ChannelContext): PaymentChannel[] {
  const out: PaymentChannel[] = [];
  for (const channel of channels) {
    if (!usable(channel, ctx)) continue;
    if (channel.sub_payment.length > 0) {
      const subs = channel.sub_payment.filter((s) => usable(s, ctx) && priceFits(ctx.price, s.min_money, s.max_money)).sort(bySort);
      if (subs.length > 0) out.push({ ...channel, sub_payment: subs });
    } else if (priceFits(ctx.price, channel.min_money, channel.max_money)) {
      out.push(channel);
    }
  }
  return out.sort(bySort);
}

/** Regions with at least one eligible channel, in the platform's order (the others are dropped). */
export function eligibleRegions(list: CountryList, ctx: ChannelContext): string[] {
  return Object.entries(list.country)
    .filter(([, channels]) => eligibleChannels(channels, ctx).length > 0)
    .map(([region]) => region);
}

/** The region to preselect: the saved one, else the account's, else the first eligible. */
export function initialRegion(regions: readonly string[], saved?: string, account?: string): string | undefined {
  for (const r of [saved, account]) if (r && regions.includes(r)) return r;
  return regions[0];
}

export const channelKey = (c: Pick<PaymentChannel, "payway_id" | "channel_id">) => `${c.payway_id}_${c.channel_id}`;

export function flowOf(paywayId: number): PaymentFlow {
  return paymentMethods[paywayId]?.flow ?? "redirect";
}

/**
 * How the payment shows after Buy (schema/payment-methods.json flow traits): a flow that applies to
 * one channel id only pays by window on the method's other channels.
 */
export function presentationOf(channel: Pick<PaymentChannel, "payway_id" | "channel_id">): FlowTraits["presentation"] {
  const traits = flowTraits[flowOf(channel.payway_id)];
  return traits.channelId === undefined || traits.channelId === channel.channel_id ? traits.presentation : "window";
}

/** A method without the common pay order (the 43-point prepaid card) is exchanged, everything else bought. */
export function buyLabel(paywayId: number | undefined): "exchange" | "buy" {
  return paywayId !== undefined && !flowTraits[flowOf(paywayId)].payOrder ? "exchange" : "buy";
}

/** Buy is possible with a chosen channel, or in card mode with both card fields filled. */
export function canBuy(input: { channel?: PaymentChannel; cardMode: boolean; cardNumber: string; cardPassword: string }): boolean {
  if (input.cardMode) return input.cardNumber.trim().length > 0 && input.cardPassword.trim().length > 0;
  return input.channel !== undefined && input.channel.sub_payment.length === 0;
}

/** Razer's channel ids with known names, shown as the sub-channel name when the platform gives none. */
export function razerChannelName(channelId: string): string | undefined {
  const id = Number(channelId);
  const named: Record<number, string> = {
    1: "e-wallet",
    3: "prepaid card",
    605: "molpoints",
    127: "ininal",
    143: "truewallet",
    142: "linepay",
    602: "truemoney",
    601: "12call",
  };
  if (named[id]) return named[id];
  if (id >= 128 && id <= 141) return "internet banking";
  if ([91, 92, 93, 94, 121].includes(id)) return "banking";
  return undefined;
}

/** The channel's optional description: JSON with a 'tip' (or plain text), shown under its name. */
export function channelDescription(description: string | undefined): string | undefined {
  if (!description) return undefined;
  try {
    const parsed: unknown = JSON.parse(description);
    if (typeof parsed === "string") return parsed;
    if (parsed && typeof parsed === "object") {
      const tip = (parsed as Record<string, unknown>).tip ?? (parsed as Record<string, unknown>).desc;
      return typeof tip === "string" ? tip : undefined;
    }
    return undefined;
  } catch {
    return description;
  }
}

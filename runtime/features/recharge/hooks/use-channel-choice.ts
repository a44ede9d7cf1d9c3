// The order's payment region and channel: the regions and channels eligible for the goods'
// price on this platform, the saved region else the account's, and the chosen channel or
// sub-channel, all kept in the order selection.
import { useMemo } from "react";
import type { PaymentChannel } from "../../../../core/browser/generated/api-types.ts";
import { channelKey, eligibleChannels, eligibleRegions, initialRegion } from "../../../lib/payment/channels.ts";
import { useClientId, usePlatformParam, useTracker } from "../../../shared/services.ts";
import { useSelection } from "../../../shared/session/order-selection.ts";
import { useCountryList } from "../api/get-country-list.ts";

export function useChannelChoice() {
  const clientId = useClientId();
  const platform = usePlatformParam();
  const tracker = useTracker();
  const [selection, update] = useSelection(clientId);
  const goods = selection.goods;
  const list = useCountryList(goods?.value);
  const price = goods?.price ?? 0;
  const regions = useMemo(() => (list.data ? eligibleRegions(list.data, { price, platform }) : []), [list.data, price, platform]);
  const region = initialRegion(regions, selection.region, list.data?.account_region);
  const channels = useMemo(
    () => (list.data && region ? eligibleChannels(list.data.country[region] ?? [], { price, platform }) : []),
    [list.data, region, price, platform],
  );
  const parent = channels.find((c) => c.key === selection.rechargeInfo?.parent || channelKey(c) === selection.rechargeKey);
  const channel =
    parent && parent.sub_payment.length > 0 ? parent.sub_payment.find((s) => channelKey(s) === selection.rechargeKey) : parent;
  const accountRegion = list.data?.account_region;
  return {
    loading: list.isPending,
    regions,
    region,
    channels,
    parent,
    /** The channel paid with: a sub-channel, or a channel without any. */
    channel,
    /** Only one channel, with sub-channels, and none chosen yet: Buy opens its sub-channels first. */
    onlyParent: !channel && channels.length === 1 && (channels[0]?.sub_payment.length ?? 0) > 0 ? channels[0] : undefined,
    /** The account's region when the chosen one is another (the sheet says so). */
    otherAccountRegion: accountRegion && region && accountRegion !== region ? accountRegion : undefined,
    pick(top: PaymentChannel, leaf: PaymentChannel) {
      update({
        rechargeInfo: {
          payway_id: leaf.payway_id,
          channel_id: leaf.channel_id,
          name: leaf.name,
          ...(leaf !== top ? { parent: top.key } : {}),
        },
        rechargeKey: channelKey(leaf),
      });
      tracker.track("selectPayway", { payway_id: leaf.payway_id, channel_id: leaf.channel_id });
    },
    chooseRegion: (next: string) => update({ region: next, rechargeInfo: undefined, rechargeKey: undefined }),
    clearChannel: () => update({ rechargeInfo: undefined, rechargeKey: undefined }),
  };
}

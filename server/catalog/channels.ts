// The payment channels of each payment region, from channels.json and razer-channels.json.
import type { CatalogData, ChannelData } from "./data.ts";

export interface CatalogChannel extends ChannelData {
  sub?: CatalogChannel[];
  /** The channels.json list it comes from (a channel's tip is the list's: its text ids name it). */
  list?: string;
}

export interface RegionChannels {
  byRegion: ReadonlyMap<string, CatalogChannel[]>;
  /** Every region not named in channels.json. */
  other: CatalogChannel[];
}

/** Each named region's channels and the other regions' list, built once from the data. */
export function regionChannels(data: CatalogData): RegionChannels {
  const { channels, razerChannels } = data;
  const build = (listName: string, region: string): CatalogChannel[] =>
    (channels.lists[listName] ?? []).map(({ sub, ...channel }) => {
      if (sub === undefined) return { ...channel, list: listName };
      if (sub !== "razer") return { ...channel, list: listName, sub: sub.map((s) => ({ ...s })) };
      // Razer Gold's sub-channels are the region's own and take the channel's payway and bounds.
      const subs = razerChannels.regions[region] ?? razerChannels.otherRegions;
      return {
        ...channel,
        list: listName,
        sub: subs.map((razerChannel, place) => ({
          paywayId: channel.paywayId,
          channelId: razerChannel.channelId,
          name: razerChannel.name,
          sort: place + 1,
          minUsd: channel.minUsd,
          maxUsd: channel.maxUsd,
          openCoupon: true,
        })),
      };
    });
  return {
    byRegion: new Map(Object.entries(channels.regions).map(([region, list]) => [region, build(list, region)])),
    other: build(channels.otherRegions, ""),
  };
}

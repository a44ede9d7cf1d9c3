// The sign-in options of a game's brand: providers, their client ids, and the sandbox sign-in pages.
import { gameOf } from "./games.ts";
import type { Provider } from "./login.ts";
import type { Answer, Params, Platform } from "./platform.ts";

export async function loginConfig(platform: Platform, params: Params<"loginConfig">, origin: string): Answer<"loginConfig"> {
  const game = gameOf(platform, params.client_id);
  const { login, areas } = game.brand;
  const area = params.domain_area && areas[params.domain_area] ? params.domain_area : game.area;
  const jsonType: Provider[] = [];
  if (login.google) jsonType.push("google");
  if (login.apple) jsonType.push("apple");
  if (login.facebook) jsonType.push("facebook");
  if (login.twitter) jsonType.push("twitter");
  if (login.vk) jsonType.push("vk");
  if (login.huawei) jsonType.push("huawei");
  // Twitter keeps its own start call (twitter_auth); the others open a sign-in page in a popup.
  const popups = jsonType.filter((p): p is Exclude<Provider, "twitter"> => p !== "twitter");
  return {
    client_id: areas[area]?.loginClientId ?? "",
    json_type: jsonType,
    ...(login.facebook ? { fb_id: login.facebook.appId } : {}),
    ...(login.google ? { gg_id: login.google.clientId, gg_pkg: login.google.package } : {}),
    ...(login.apple ? { ios_id: login.apple.bundleId } : {}),
    ...(login.vk ? { vk_id: login.vk.appId } : {}),
    ...(login.huawei ? { hw_id: platform.catalog.config.huaweiClientId } : {}),
    ...(login.twitter ? { twitterHtml: login.twitter.redirectPage } : {}),
    ...(popups.length > 0
      ? { authorize_urls: Object.fromEntries(popups.map((p) => [p, new URL(`/sandbox/provider/${p}`, origin).toString()])) }
      : {}),
  };
}

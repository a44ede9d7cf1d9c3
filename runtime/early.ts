// The page's first script, inlined in each brand's HTML (allowed by its hash in the page's CSP):
// while the bundle is still on its way, it starts the top-up's platform calls with exactly the URLs
// the runtime will ask for (the same code works them out), and fetches the game's banner, the
// largest picture of the first screen, at high priority as soon as its address is known. The
// runtime's API client takes the answers over (lib/api/early.ts). Anything unusual (another page,
// no sales area, offline, no storage) and it does nothing: the runtime asks as it always has.
import { START_DATA_ID, type StartData } from "../core/config/start-brand.ts";
import type { GetGameListResponse } from "../core/generated/api-types.ts";
import { deviceId, resolveCaller, resolveStart, startHosts, startToken, TOP_UP_PATHS, topUpCalls } from "./app/start-plan.ts";
import { getUrl, sentParams } from "./lib/api/client.ts";
import { earlyCalls } from "./lib/api/early.ts";
import { bannerUrl, cachedGames, currentGame, gamesKey } from "./shared/api/game-art.ts";

/** Fetches the banner at high priority; the runtime's <img> of the same address takes it from the memory cache. */
function preloadBanner(url: string | undefined): void {
  if (!url || document.querySelector(`link[rel="preload"][as="image"][href="${CSS.escape(url)}"]`)) return;
  const link = document.createElement("link");
  link.rel = "preload";
  link.as = "image";
  link.href = url;
  link.fetchPriority = "high";
  document.head.append(link);
}

function start(): void {
  const data = document.getElementById(START_DATA_ID)?.textContent;
  if (!data || !TOP_UP_PATHS.includes(location.pathname) || navigator.onLine === false) return;
  const { brand, paths } = JSON.parse(data) as StartData;
  const { area, game, lang } = resolveStart(brand, location.search, navigator.languages);
  if (!area) return;
  const params = new URLSearchParams(location.search);
  const caller = resolveCaller(brand, game, location.search, navigator.userAgent);
  const common = { idfv: deviceId(params), spec_lang: lang, oauth_token: startToken(caller, params) };
  const host = startHosts(brand, location).hosts[0];
  if (!host) return;
  const calls = earlyCalls();
  for (const [name, callParams] of topUpCalls(caller, area)) {
    const url = getUrl(host, paths[name], sentParams(common, callParams));
    const answer = fetch(url, { credentials: "omit" });
    calls.set(url, answer);
    if (name !== "getGameList") continue;
    // A returning player's kept list names the banner at once; else the list's answer does.
    const kept = cachedGames(gamesKey(caller.clientId, caller.platform, area));
    if (kept) preloadBanner(bannerUrl(currentGame(kept, caller.clientId)));
    else
      answer
        .then((res) => (res.ok ? (res.clone().json() as Promise<{ code: number; content: GetGameListResponse }>) : undefined))
        .then((body) => body?.code === 1 && preloadBanner(bannerUrl(currentGame(body.content, caller.clientId))))
        .catch(() => undefined);
  }
}

try {
  start();
} catch {
  // A page that cannot start early starts as it always did, when the bundle runs.
}

// Where a visit starts, from the brand, the address and what this browser kept: the sales area, the
// game, the language, the platform and client id the calls carry, and the top-up's first calls.
// Pure reads of the URL and storage, shared by the page's first script (runtime/early.ts), which
// starts those calls before the bundle arrives, and by the runtime (bootstrap, services), which
// then asks for exactly the same URLs and takes the answers already on their way.
import { modeForHost } from "../../core/browser/config/hosts.ts";
import type { StartBrand, TopUpCallName } from "../../core/browser/config/start-brand.ts";
import type { Brand, Language, SalesAreaId } from "../../core/browser/config/types.ts";
import { entryShell, startsTopUp } from "../../core/browser/entry-pages.ts";
import type { ApiCalls } from "../../core/browser/generated/api-types.ts";
import type { RouteEntry } from "../generated/routes.ts";
import { areaParam } from "../lib/api/area-param.ts";
import { hostPlan } from "../lib/api/hosts.ts";
import { gameForClientId, resolveArea } from "../lib/area.ts";
import { type Platform, platformOf } from "../lib/device.ts";
import { resolveLanguage } from "../lib/language.ts";
import { getItem, type StorageKey, setItem } from "../lib/storage.ts";
import { storedUser } from "../lib/stored-users.ts";

function readStored(key: StorageKey): string | null {
  const value = getItem(key);
  return typeof value === "string" ? value : null;
}

/** The game chosen in the game picker: its client id and its (parent's) game key. */
export function chosenGame(): { client_id: string; game_key: string } | undefined {
  const v = getItem<{ client_id?: unknown; game_key?: unknown }>("paymentGameInfo");
  return typeof v === "object" && v !== null && typeof v.client_id === "string" && typeof v.game_key === "string"
    ? { client_id: v.client_id, game_key: v.game_key }
    : undefined;
}

/** Whether a path's first screen in a layout's routes is the top-up's (its game choice or goods): its calls start at once. */
export const isTopUpEntry = (manifest: readonly RouteEntry[], path: string, features: Brand["features"]): boolean =>
  startsTopUp(entryShell(manifest, path, features));

export interface Start {
  area: SalesAreaId | undefined;
  /** The brand's game key. */
  game: string;
  lang: Language;
}

/** The area (in the order of runtime/lib/area.ts), the game and the language a visit opens in. */
export function resolveStart(brand: StartBrand, search: string, languages: readonly string[]): Start {
  const params = new URLSearchParams(search);
  const clientId = params.get("client_id");
  const area = resolveArea(brand, {
    clientId,
    domainArea: params.get("domain_area"),
    storedArea: readStored("payment_domain_area"),
  });
  // The link's game; else the default game when it is sold in the area; else the area's first game.
  const areaGames = Object.entries(brand.games)
    .filter(([, g]) => g?.area === area)
    .map(([key]) => key);
  // A sub-game chosen here (paymentGameInfo) keeps its parent's game key; a link's client id wins.
  const chosen = chosenGame();
  const chosenKey =
    chosen && (clientId ? chosen.client_id === clientId : !area || areaGames.includes(chosen.game_key)) ? chosen.game_key : undefined;
  const game =
    gameForClientId(brand, clientId) ??
    chosenKey ??
    (area && !areaGames.includes(brand.defaultGame) ? areaGames[0] : undefined) ??
    brand.defaultGame;
  const areaConfig = area ? brand.areas[area] : Object.values(brand.areas)[0];
  const lang = resolveLanguage({
    param: params.get("spec_lang"),
    saved: readStored("perfLang"),
    browser: languages,
    allowed: areaConfig?.languages ?? ["en"],
    fallback: areaConfig?.defaultLanguage ?? "en",
  });
  return { area, game, lang };
}

export interface Caller {
  /** The platform every call names: the SDK's when the game opened the store, else the browser's. */
  platform: Platform;
  clientId: string;
  /** Opened by the game's SDK (visit=sdk), which hands its own token. */
  sdkView: boolean;
}

/** Who the calls speak for: the platform and the client id of the game being topped up. */
export function resolveCaller(brand: StartBrand, game: string, search: string, userAgent: string): Caller {
  const params = new URLSearchParams(search);
  const platform = (params.get("visit") === "sdk" && (params.get("platform") as Platform | null)) || platformOf(userAgent);
  const gameConfig = brand.games[game];
  const sdkView = params.get("visit") === "sdk";
  const urlClient = params.get("client_id");
  // A sub-game chosen in this store is remembered with its parent's game key (paymentGameInfo).
  const chosen = chosenGame();
  const stored = chosen?.game_key === game ? chosen.client_id : undefined;
  const clientId =
    (sdkView && urlClient) ||
    (urlClient && urlClient === stored ? urlClient : undefined) ||
    (!urlClient ? stored : undefined) ||
    gameConfig?.clientIdMap[platform] ||
    urlClient ||
    "";
  return { platform, clientId, sdkView };
}

/** The device id: idfv from the game when the URL has it, else this browser's own uuid (kept). */
export function deviceId(params: URLSearchParams): string {
  const idfv = params.get("idfv");
  if (idfv) return idfv;
  let uuid = getItem<string>("paymentUuid");
  if (typeof uuid !== "string") {
    uuid =
      typeof crypto.randomUUID === "function" ? crypto.randomUUID() : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
    setItem("paymentUuid", uuid);
  }
  return uuid;
}

/** The token a call carries: the SDK's for an SDK view, else the kept player's of this game. */
export const startToken = (caller: Caller, params: URLSearchParams, user = storedUser) =>
  (caller.sdkView ? params.get("oauth_token") : user(caller.clientId)?.oauth_token) ?? undefined;

type TopUpCall<N extends TopUpCallName> = readonly [N, Omit<ApiCalls[N]["request"], "idfv" | "spec_lang" | "oauth_token">];

/** The top-up page's platform data, asked for together: the game list, page config, goods and servers. */
export const topUpCalls = ({ clientId, platform }: Caller, area: string | undefined) =>
  [
    ["getGameList", { client_id: clientId, platform, ...areaParam(area) }] as TopUpCall<"getGameList">,
    ["pageConfig", { client_id: clientId, ...areaParam(area) }] as TopUpCall<"pageConfig">,
    ["productList", { client_id: clientId, ...areaParam(area) }] as TopUpCall<"productList">,
    ["serverList", { client_id: clientId, ...areaParam(area) }] as TopUpCall<"serverList">,
  ] as const;

/** The hosts the calls go to, in order: the remembered working one first (docs/decisions.md, "Runtime core": failover order). */
export const startHosts = (brand: StartBrand, location: Location) =>
  hostPlan(brand, modeForHost(location.hostname), location, getItem<string>("paymentBakApi"));

// The calls of schema/api/games.json: games, page config, goods, servers, characters, limits, gifts.
import { evoke, gameList, gameLogo, pageConfig, productList, serverList } from "../domain/games.ts";
import { limitProductInfo } from "../domain/limits.ts";
import { thirdGift } from "../domain/order-status.ts";
import { allRoleList, roleList } from "../domain/roles.ts";
import { callRoutes } from "./calls.ts";

export const gamesRoutes = callRoutes("games.json", {
  getGameList: ({ platform, params, caller }) => gameList(platform, params, caller.origin),
  gameLogo: ({ platform, params, caller }) => gameLogo(platform, params, caller.origin),
  pageConfig: ({ platform, params }) => pageConfig(platform, params),
  productList: ({ platform, params, caller }) => productList(platform, params, caller.origin),
  serverList: ({ platform, params }) => serverList(platform, params),
  roleList: ({ platform, params, caller }) => roleList(platform, params, caller),
  allRoleList: ({ platform, params, caller }) => allRoleList(platform, params, caller),
  limitProductInfo: ({ platform, params, caller }) => limitProductInfo(platform, params, caller),
  evoke: ({ platform, params, caller }) => evoke(platform, params, caller),
  thirdGift: ({ platform, params, caller }) => thirdGift(platform, params, caller),
});

// The calls of schema/api/replenish.json: a make-up link's game, amount and payment list.
import { replenishCountryList, replenishGameList, replenishInfo } from "../domain/replenish.ts";
import { callRoutes } from "./calls.ts";

export const replenishRoutes = callRoutes("replenish.json", {
  replenishGameList: ({ platform, params, caller }) => replenishGameList(platform, params, caller.origin),
  replenishInfo: ({ platform, params }) => replenishInfo(platform, params),
  replenishCountryList: ({ platform, params, caller }) => replenishCountryList(platform, params, caller.origin),
});

// The two route sets, old and new layout (with /replenishGoods in both, the old layout's /recharge and
// /result pages, /layoutGame as the new layout's parent: docs/decisions.md). The generator emits them
// as manifests.

export type Screen =
  | "SelectGame"
  | "SelectGoods"
  | "LayoutGame"
  | "Activity"
  | "My"
  | "UserCenter"
  | "Recharge"
  | "Result"
  | "ReplenishGoods"
  | "GameCode"
  | "ErrorReplenish"
  | "NotArea"
  | "CertifiedReal"
  | "ShowError"
  | "NotFound";

export type Feature = "vip" | "events" | "replenish" | "realName";

export interface RouteEntry {
  /** The route's path; `/@*` is the game-code entry (any remainder after @). */
  path: string;
  /** The route's name, when it has one. */
  name?: string;
  screen?: Screen;
  redirect?: string;
  /** Step of the old layout's 4-step bar (indexes 1–4). */
  step?: 1 | 2 | 3 | 4;
  /** The route belongs to the layout shell with header and bottom navigation. */
  nav?: boolean;
  /** Header title key of the new layout. */
  titleKey?: string;
  /** A brand feature switch the route needs; without it the route shows the 404 page. */
  feature?: Feature;
  children?: RouteEntry[];
}

const common: RouteEntry[] = [
  { path: "/replenishGoods", name: "ReplenishGoods", screen: "ReplenishGoods", feature: "replenish" },
  { path: "/@*", screen: "GameCode" },
  { path: "/errorReplenish", screen: "ErrorReplenish" },
  { path: "/notArea", screen: "NotArea" },
  { path: "/certifiedReal", screen: "CertifiedReal", feature: "realName" },
  { path: "/showError", screen: "ShowError" },
  { path: "*", screen: "NotFound" },
];

export const newLayoutRoutes: RouteEntry[] = [
  { path: "/", redirect: "/selectGoods" },
  { path: "/selectGame", redirect: "/selectGoods" },
  {
    path: "/layoutGame",
    screen: "LayoutGame",
    redirect: "/selectGoods",
    children: [
      { path: "/selectGoods", name: "SelectGoods", screen: "SelectGoods", nav: true, titleKey: "header.topup" },
      { path: "/activity", name: "Activity", screen: "Activity", nav: true, titleKey: "header.event", feature: "events" },
    ],
  },
  { path: "/my", name: "My", screen: "My", nav: true, titleKey: "header.my" },
  { path: "/userCenter", name: "UserCenter", screen: "UserCenter", titleKey: "header.vipCenter", feature: "vip" },
  { path: "/result", redirect: "/selectGoods" },
  ...common,
];

export const oldLayoutRoutes: RouteEntry[] = [
  { path: "/", redirect: "/selectGame" },
  { path: "/selectGame", name: "SelectGame", screen: "SelectGame", step: 1 },
  { path: "/selectGoods", name: "SelectGoods", screen: "SelectGoods", step: 2 },
  { path: "/recharge", name: "Recharge", screen: "Recharge", step: 3 },
  { path: "/result", name: "Result", screen: "Result", step: 4 },
  { path: "/activity", name: "Activity", screen: "Activity", titleKey: "header.event", feature: "events" },
  { path: "/my", name: "My", screen: "My", titleKey: "header.my" },
  { path: "/userCenter", name: "UserCenter", screen: "UserCenter", titleKey: "header.vipCenter", feature: "vip" },
  ...common,
];

/** Each layout's routes. */
export const layoutRoutes = { old: oldLayoutRoutes, new: newLayoutRoutes } as const;

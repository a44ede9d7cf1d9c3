// What the two layouts draw around a page: the old layout's 4-step bar and the new
// layout's bottom navigation. One source for the runtime's layouts (runtime/app/layouts) and the
// shells the HTML paints before them (generator/emit/site.ts).

/** The old layout's steps' string keys, in order (the step bar's indexes 1–4). */
export const STEP_KEYS = ["steps.selectGame", "steps.selectRoleGoods", "steps.rechargeBegin", "steps.rechargeResult"] as const;

export interface NavItem {
  to: string;
  /** Its label's string key. */
  label: "nav.topup" | "nav.gift" | "nav.my";
  /** Its icon: one path of a 24×24 box. */
  icon: string;
  /** Shown only when the game's config has cumulative or continuous events. */
  needsEvents: boolean;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { to: "/selectGoods", label: "nav.topup", icon: "M4 7h16v12H4zM7 3h10l2 4H5z", needsEvents: false },
  {
    to: "/activity",
    label: "nav.gift",
    icon: "M3 9h18v4H3zM5 13h14v8H5zM11 9h2v12h-2zM12 9C9 9 7 4 10 4c2 0 2 5 2 5s0-5 2-5c3 0 1 5-2 5z",
    needsEvents: true,
  },
  {
    to: "/my",
    label: "nav.my",
    icon: "M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10Zm0 2c-4.4 0-8 2.2-8 5v3h16v-3c0-2.8-3.6-5-8-5Z",
    needsEvents: false,
  },
];

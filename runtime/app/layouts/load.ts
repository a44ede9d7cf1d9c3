// The two layouts' code, loaded on demand: the router renders the one in use, and start-up asks for
// it before the first render so the two never wait for each other.
export const loadLayout = {
  new: () => import("./NewLayout.tsx"),
  old: () => import("./OldLayout.tsx"),
} as const;

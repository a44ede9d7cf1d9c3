// Links to the sandbox's generated artwork (games, banners, goods, payment channels) on the caller's host.

export const artUrl = (origin: string, kind: "game" | "banner" | "goods" | "payway", name: string) =>
  `${origin}/sandbox/art/${kind}/${encodeURIComponent(name)}.svg`;

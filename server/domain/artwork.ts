// Links to the sandbox's generated artwork (games, banners, goods, payment channels) on the caller's host.
import { BoundedCache } from "./bounded-cache.ts";

/** A payment channel's mark: a small SVG with its wordmark (the recharge dialog's list). */
export const artUrl = (origin: string, kind: "payway", name: string) => `${origin}/sandbox/art/${kind}/${encodeURIComponent(name)}.svg`;

/** The widths pictures are drawn at: what a phone at 2–3× needs for each kind, never more. */
export const PICTURE_WIDTHS = { banner: 720, goods: 160, game: 128 } as const;

/**
 * A picture sized for a phone (`-<width>w`), sent in the best format the browser takes (AVIF, WebP,
 * else PNG), as an image CDN does: the banner, the largest thing on the first screen, is ~2 KB.
 */
export const pictureUrl = (origin: string, kind: keyof typeof PICTURE_WIDTHS, name: string) =>
  `${origin}/sandbox/art/${kind}/${encodeURIComponent(name)}-${PICTURE_WIDTHS[kind]}w`;

/**
 * Pictures a platform has drawn (server/sandbox/pictures.ts), by format, width and drawing. A name is
 * any file name, so a caller could ask for pictures without end: the cache empties past 500.
 */
export type PictureCache = BoundedCache<string, Promise<Buffer>>;

export const newPictureCache = (): PictureCache => new BoundedCache(500);

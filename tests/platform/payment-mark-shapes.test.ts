// Every payment icon a brand's storefront shows is a picture of its own, colour aside: the marks the
// platform serves for each channel and sub-channel of every game of a brand are drawn, reduced to
// their shape, and compared two by two. Each carries its channel's name as its text alternative.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PaymentChannel } from "../../core/browser/generated/api-types.ts";
import { type Harness, startHarness } from "./harness.ts";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
}, 120_000);
afterAll(async () => h?.close());

interface ServedIcon {
  /** The icon's path on the platform, e.g. /sandbox/art/payway/10103-91.svg. */
  path: string;
  /** The channel's name as the payment list gives it in English. */
  name: string;
}

/** Every icon the payment lists of the brand's games show (channels and sub-channels, every region), once each. */
async function servedIcons(brandId: string): Promise<ServedIcon[]> {
  const icons = new Map<string, ServedIcon>();
  const add = (channel: PaymentChannel) => {
    if (channel.icon) icons.set(new URL(channel.icon).pathname, { path: new URL(channel.icon).pathname, name: channel.name });
    for (const sub of channel.sub_payment) add(sub);
  };
  for (const game of h.platform.catalog.games.filter((candidate) => candidate.brand.id === brandId)) {
    const product = game.goods[0]?.productId ?? "";
    const answer = await h.call("countryList", { client_id: game.clientIds.web, product_id: product, platform: "web", spec_lang: "en" });
    expect(answer.code, `${brandId} ${game.gameKey}`).toBe(1);
    for (const channels of Object.values(answer.content.country)) for (const channel of channels) add(channel);
  }
  return [...icons.values()].sort((a, b) => a.path.localeCompare(b.path));
}

const servedSvg = async (path: string) => {
  const res = await h.app.inject({ method: "GET", url: path });
  expect(res.statusCode, path).toBe(200);
  return res.body;
};

/** The raster a shape is read from: the mark's own size, one pixel per unit. */
const WIDTH = 64;
const HEIGHT = 40;

/**
 * A mark's shape with its colours ignored: drawn at 64×40, turned grey, and each pixel marked ink
 * when its grey is further than half the drawing's contrast from the mark's background (its most
 * common grey), so a light-on-dark and a dark-on-light mark of one drawing have one shape.
 * Transparent pixels (the rounded corners) are background.
 */
async function shapeOf(svg: string): Promise<Uint8Array> {
  const { data } = await sharp(Buffer.from(svg)).resize(WIDTH, HEIGHT).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const greys = new Float64Array(WIDTH * HEIGHT);
  const opaque = new Uint8Array(WIDTH * HEIGHT);
  const counts = new Map<number, number>();
  for (let pixel = 0; pixel < WIDTH * HEIGHT; pixel++) {
    const [red = 0, green = 0, blue = 0, alpha = 0] = data.subarray(pixel * 4, pixel * 4 + 4);
    greys[pixel] = 0.2126 * red + 0.7152 * green + 0.0722 * blue;
    opaque[pixel] = alpha >= 128 ? 1 : 0;
    if (opaque[pixel]) counts.set(Math.round(greys[pixel] ?? 0), (counts.get(Math.round(greys[pixel] ?? 0)) ?? 0) + 1);
  }
  const background = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
  let contrast = 0;
  for (let pixel = 0; pixel < greys.length; pixel++)
    if (opaque[pixel]) contrast = Math.max(contrast, Math.abs((greys[pixel] ?? 0) - background));
  return opaque.map((isOpaque, pixel) => (isOpaque && Math.abs((greys[pixel] ?? 0) - background) > contrast / 2 ? 1 : 0));
}

/** How many pixels two shapes disagree on. */
const difference = (left: Uint8Array, right: Uint8Array) => left.reduce((sum, ink, pixel) => sum + (ink === right[pixel] ? 0 : 1), 0);

/**
 * Two marks are the same picture when their shapes disagree on fewer than 4 % of the raster's
 * pixels (102 of 2,560): other digits in a corner tag (Razer Gold's banks once differed by 8 to 14
 * pixels) or a letter of a word are not enough to tell two channels apart at a glance; another
 * pictogram and another word are (the closest two marks of a brand differ by 166).
 */
const SAME_PICTURE = Math.round(WIDTH * HEIGHT * 0.04);

describe("payment icons of a brand", () => {
  it("are each a picture of its own, sub-channels included, with their colours ignored", async () => {
    const alike: string[] = [];
    for (const brand of h.platform.catalog.config.brands) {
      const icons = await servedIcons(brand.id);
      expect(icons.length, brand.id).toBeGreaterThan(1);
      const shapes = await Promise.all(icons.map(async (icon) => shapeOf(await servedSvg(icon.path))));
      for (let first = 0; first < icons.length; first++)
        for (let second = first + 1; second < icons.length; second++) {
          const pixels = difference(shapes[first] as Uint8Array, shapes[second] as Uint8Array);
          if (pixels < SAME_PICTURE) alike.push(`${brand.id}: ${icons[first]?.path} and ${icons[second]?.path} differ in ${pixels} pixels`);
        }
    }
    expect(alike).toEqual([]);
  });

  it("each carry the name the payment list gives their channel as their text alternative", async () => {
    // One mark serves every region and language; a region's list may name a channel in its own
    // language (Japan's card, Taiwan's Alipay), so a mark's name is one of the names it is listed by.
    const listedAs = new Map<string, Set<string>>();
    for (const brand of h.platform.catalog.config.brands)
      for (const icon of await servedIcons(brand.id)) listedAs.set(icon.path, (listedAs.get(icon.path) ?? new Set()).add(icon.name));
    const unescaped = (text: string | undefined) =>
      text
        ?.replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">")
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&amp;/g, "&");
    for (const [path, names] of listedAs) {
      const svg = await servedSvg(path);
      expect(svg, path).toMatch(/^<svg [^>]*role="img"/);
      const title = unescaped(/<title>([^<]*)<\/title>/.exec(svg)?.[1]);
      expect([...names], `${path}: '${title}'`).toContain(title);
      expect(unescaped(/aria-label="([^"]*)"/.exec(svg)?.[1]), path).toBe(title);
    }
    // A sub-channel's own name: Razer Gold's banks are told apart by what they are, not by a number.
    expect(listedAs.get("/sandbox/art/payway/10103-129.svg")).toEqual(new Set(["Mobile banking"]));
  });
});

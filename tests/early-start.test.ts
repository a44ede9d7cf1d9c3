// The page's first script (runtime/early.ts) and the runtime ask for the same top-up calls: the
// script starts them from the HTML, the runtime takes each answer over instead of asking again. If
// the two ever worked out a URL differently, the call would be made twice; these tests make the
// runtime's own first calls after the script and check that none reaches the network again.
import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { chooseLayout } from "../core/browser/config/layout.ts";
import { START_DATA_ID, startData } from "../core/browser/config/start-brand.ts";
import type { Brand, BrandModule } from "../core/browser/config/types.ts";
import { ENTRY_PAGES, entryFile, entryShell, pathsWithShell, topUpPaths } from "../core/browser/entry-pages.ts";
import { layoutRoutes } from "../core/browser/routes.ts";
import { demoConfig } from "./demo-config.ts";
import { memoryStorage } from "./memory-storage.ts";

const config = await demoConfig();
const brandOf = (id: string): Brand => {
  const brand = config.brands.find((b) => b.id === id);
  if (!brand) throw new Error(`no brand ${id} in the demo config`);
  return brand;
};

/** The first path of the page a path is served (index.html's for any path without a page of its own). */
const entryPagePath = (path: string) => ENTRY_PAGES.find((p) => p.file === entryFile(path))?.paths[0] ?? "/selectGoods";

const store = new Map<string, string>();
/** The runtime's entry, as the page preloads it; each stubbed page's own, so a page's late timer is told from the next page's. */
let pages = 0;
let pagesThisTest = 0;
let entry = "";
let fetched: string[] = [];
let preloaded: string[] = [];
/** The module scripts the first script added to the head: the bundle's entry, run. */
let entryRuns: string[] = [];
/** How often this page's first script ran the bundle. */
const runsOfThisPage = () => entryRuns.filter((src) => src === entry).length;
/** The first script's listeners for loads in the page; `entryArrives` tells them the entry's preload is in. */
let preloadListeners: ((event: Event) => void)[] = [];
const entryArrives = () => {
  const target = { matches: (selector: string) => selector === "link[data-sf-entry]" };
  for (const listener of preloadListeners) listener({ target } as unknown as Event);
};
/** Whether the stubbed browser knows `<link rel="modulepreload">`. */
let modulePreload = true;
/** Settles the banner's decoding, which each test controls. */
let bannerDecoded: Promise<void> = Promise.resolve();
let gameList: unknown;
/** As `gameList`: the platform answers the game list with an error code instead. */
const LIST_REFUSED = Symbol("refused");
let root: { dataset: Record<string, string> };

function stubPage(brand: Brand, url: string, { online = true, userAgent = "Mozilla/5.0 (X11; Linux x86_64)" } = {}) {
  entry = `http://aurora.localhost:8080/assets/main-abc.js?page=${++pages}`;
  pagesThisTest++;
  const ownEntry = entry;
  const at = new URL(url);
  const data = JSON.stringify(startData(brand, topUpPaths(layoutRoutes, brand.features)));
  vi.stubGlobal("window", {
    location: at,
    localStorage: memoryStorage(store),
    addEventListener: () => undefined,
    setTimeout: globalThis.setTimeout,
  });
  vi.stubGlobal("location", at);
  vi.stubGlobal("navigator", { onLine: online, languages: ["en-US"], userAgent });
  vi.stubGlobal("CSS", { escape: (s: string) => s });
  // The html element of the page the servers send for this path (core/browser/entry-pages.ts): the paths its shells were drawn for.
  const drawnFor = (layout: "old" | "new") => {
    const own = entryShell(layoutRoutes[layout], entryPagePath(at.pathname), brand.features);
    return pathsWithShell(layoutRoutes[layout], own, brand.features).join(" ");
  };
  root = { dataset: { pathsOld: drawnFor("old"), pathsNew: drawnFor("new") } };
  vi.stubGlobal("document", {
    documentElement: root,
    readyState: "complete",
    addEventListener: (type: string, listener: (event: Event) => void) => {
      if (type === "load") preloadListeners.push(listener);
    },
    removeEventListener: (type: string, listener: (event: Event) => void) => {
      if (type === "load") preloadListeners = preloadListeners.filter((l) => l !== listener);
    },
    getElementById: (id: string) => (id === START_DATA_ID ? { textContent: data } : null),
    querySelector: (selector: string) => (selector === "link[data-sf-entry]" ? { href: ownEntry } : null),
    createElement: (tag: string) =>
      tag === "img" ? { decode: () => bannerDecoded } : tag === "link" ? { relList: { supports: () => modulePreload } } : {},
    head: {
      append: (element: { rel?: string; href?: string; type?: string; src?: string }) => {
        if (element.rel === "preload") preloaded.push(element.href ?? "");
        if (element.type === "module") entryRuns.push(element.src ?? "");
      },
    },
  });
  vi.stubGlobal("requestAnimationFrame", (frame: () => void) => setTimeout(frame, 16));
  vi.stubGlobal("fetch", async (input: string) => {
    fetched.push(input);
    const path = new URL(input).pathname;
    if (path.endsWith("getGameListV2") && gameList === LIST_REFUSED)
      return new Response(JSON.stringify({ code: -3014, message: "wrong area" }), { status: 200 });
    const content = path.endsWith("getGameListV2") ? gameList : {};
    return new Response(JSON.stringify({ code: 1, message: "success", content }), { status: 200 });
  });
}

/** The runtime's start, as bootstrap makes it: the services and the top-up's prefetch. */
async function runtimeStart(brand: Brand): Promise<void> {
  const { resolveStart, isTopUpEntry } = await import("../runtime/app/start-plan.ts");
  const { createServices } = await import("../runtime/app/services.ts");
  const { prefetchTopUp } = await import("../runtime/app/prefetch-top-up.ts");
  const { modeForHost } = await import("../core/browser/config/hosts.ts");
  const { area, game, lang } = resolveStart(brand, location.search, navigator.languages);
  const services = createServices({
    runtime: { module: {} as BrandModule, brand, mode: modeForHost(location.hostname) },
    game,
    language: () => lang,
    t: (key) => key,
    location,
    ui: { toast: () => undefined, openLogin: () => undefined, navigate: () => undefined, refresh: () => undefined } as never,
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const layout = chooseLayout(brand, area, game);
  if (area && isTopUpEntry(layoutRoutes[layout], location.pathname, brand.features)) void prefetchTopUp(client, services, area);
  await vi.waitFor(() => expect(client.isFetching()).toBe(0));
}

async function early(): Promise<string[]> {
  await import("../runtime/early.ts");
  return [...fetched];
}

beforeEach(() => {
  store.clear();
  fetched = [];
  preloaded = [];
  entryRuns = [];
  preloadListeners = [];
  modulePreload = true;
  pagesThisTest = 0;
  bannerDecoded = Promise.resolve();
  gameList = { games: [] };
  vi.resetModules();
});
afterEach(async () => {
  vi.useRealTimers();
  // Every page runs the bundle, once, at the latest when the banner's time limit is up; waited for
  // here so that no page's late run falls into the next test.
  await vi.waitFor(() => expect(entryRuns).toHaveLength(pagesThisTest), { timeout: 4_000 });
  vi.unstubAllGlobals();
});

const TOP_UP = ["/api/pay/getGameListV2", "/api/config/recharge", "/api/pay/getProductList", "/api/pay/getServerList"];
const paths = (urls: string[]) => urls.map((u) => new URL(u).pathname);

describe("the page's first script", () => {
  const aurora = brandOf("aurora");
  const [gameKey, game] = Object.entries(aurora.games)[0] ?? [];
  if (!game || !gameKey) throw new Error("aurora has no game");
  const webClientId = game.clientIdMap.web;
  const link = `http://aurora.localhost:8080/selectGoods?client_id=${game.clientIdMap.web}&domain_area=${game.area}`;

  const cases: [string, string, () => void][] = [
    ["a fresh visit from a link", link, () => undefined],
    ["Arabic, right to left", `${link}&spec_lang=ar`, () => undefined],
    [
      "a returning player: kept area, game, device, a working backup host and a signed-in player",
      "http://aurora.localhost:8080/selectGoods",
      () => {
        const keep = (key: string, value: unknown) => store.set(key, JSON.stringify({ value, expires: 0 }));
        keep("payment_domain_area", game.area);
        keep("paymentUuid", "kept-device");
        keep("perfLang", "ja");
        keep("paymentBakApi", "http://backup1.aurora.localhost:8080");
        const user = { username: "p", suid: "1", oauth_token: "token-1", gp_id: 7 };
        keep("userMap", { [game.clientIdMap.web]: user });
      },
    ],
    [
      "the game's SDK (visit=sdk) with its platform, token and device id",
      `${link}&visit=sdk&platform=android&oauth_token=sdk-token&idfv=device-9`,
      () => undefined,
    ],
  ];
  for (const [name, url, before] of cases) {
    it(`${name}: starts the top-up's four calls, and the runtime asks for none of them again`, async () => {
      before();
      stubPage(aurora, url);
      const started = await early();
      expect(paths(started).sort()).toEqual([...TOP_UP].sort());
      await runtimeStart(aurora);
      expect(fetched).toEqual(started);
    });
  }

  it("starts them on every entry path whose first screen is the top-up's, in each layout, as the runtime does", async () => {
    // An aurora game in the old layout (its game choice at / and /selectGame); hanbit's in the new
    // one (/, /selectGame and /result redirect to its goods).
    const oldGame = Object.entries(aurora.games).find(([key, g]) => g && chooseLayout(aurora, g.area, key) === "old")?.[1];
    if (!oldGame) throw new Error("aurora has no game in the old layout");
    const hanbit = brandOf("hanbit");
    const [hanbitKey, hanbitGame] = Object.entries(hanbit.games)[0] ?? [];
    if (!hanbitGame || !hanbitKey) throw new Error("hanbit has no game");
    const query = (g: typeof game) => `?client_id=${g.clientIdMap.web}&domain_area=${g.area}`;
    for (const [brand, g, path, starts] of [
      [aurora, oldGame, "/", true],
      [aurora, oldGame, "/selectGame", true],
      [aurora, oldGame, "/result", false],
      [hanbit, hanbitGame, "/", true],
      [hanbit, hanbitGame, "/selectGame", true],
      [hanbit, hanbitGame, "/result", true],
      [hanbit, hanbitGame, "/my", false],
    ] as const) {
      vi.resetModules();
      store.clear();
      fetched = [];
      const url = `http://${brand.id}.localhost:8080${path}${query(g)}`;
      stubPage(brand, url);
      const started = await early();
      expect(paths(started).sort(), url).toEqual(starts ? [...TOP_UP].sort() : []);
      // The page the servers send for the path was drawn for it: nothing of its shell goes.
      expect(root.dataset.entry, url).toBeUndefined();
      await runtimeStart(brand);
      expect(fetched.length, url).toBe(started.length);
    }
  });

  it("marks the page for a player kept signed in for the game, so the shell never asks them to log in", async () => {
    stubPage(aurora, link);
    await early();
    expect(root.dataset.shellSignedIn).toBeUndefined();
    vi.resetModules();
    const user = { username: "p", suid: "1", oauth_token: "token-1", gp_id: 7 };
    store.set("userMap", JSON.stringify({ value: { [game.clientIdMap.web]: user }, expires: 0 }));
    stubPage(aurora, link);
    await early();
    expect(root.dataset.shellSignedIn).toBe("");
  });

  it("signs its calls as the runtime does: the SDK's token and device, the kept player's token", async () => {
    stubPage(aurora, `${link}&visit=sdk&platform=android&oauth_token=sdk-token&idfv=device-9`);
    const [first] = await early();
    const query = new URL(first ?? "").searchParams;
    expect([query.get("oauth_token"), query.get("idfv"), query.get("platform")]).toEqual(["sdk-token", "device-9", "android"]);
  });

  it("fetches the banner the game list names, or at once the one of the kept list", async () => {
    const banner = "http://aurora.localhost:8080/sandbox/art/banner/1-720w";
    gameList = { games: [{ client_id: game.clientIdMap.web, banner, logo: "http://x/l", sub_game: {} }] };
    stubPage(aurora, link);
    await early();
    await vi.waitFor(() => expect(preloaded).toEqual([banner]));

    // Next visit: the kept list names it before any answer.
    vi.resetModules();
    preloaded = [];
    gameList = { games: [] };
    stubPage(aurora, link);
    const { gamesKey } = await import("../runtime/shared/api/game-art.ts");
    const key = gamesKey(game.clientIdMap.web, "web", game.area);
    store.set(
      "gameInfo",
      JSON.stringify({ value: { key, games: { games: [{ client_id: game.clientIdMap.web, banner, sub_game: {} }] } }, expires: 0 }),
    );
    await early();
    expect(preloaded).toEqual([banner]);
  });

  it("runs the bundle once the banner is painted, not before", async () => {
    vi.useFakeTimers();
    const banner = "http://aurora.localhost:8080/sandbox/art/banner/1-720w";
    gameList = { games: [{ client_id: game.clientIdMap.web, banner, sub_game: {} }] };
    let decoded: () => void = () => undefined;
    bannerDecoded = new Promise((resolve) => {
      decoded = resolve;
    });
    stubPage(aurora, link);
    await early();
    await vi.waitFor(() => expect(preloaded).toEqual([banner]), { interval: 1 });
    entryArrives();
    await vi.advanceTimersByTimeAsync(400);
    expect(runsOfThisPage()).toBe(0);
    decoded();
    // Decoded, painted in the next frame, run in the task after it.
    await vi.advanceTimersByTimeAsync(40);
    expect(runsOfThisPage()).toBe(1);
    // Run once: the time limits that follow add nothing.
    await vi.advanceTimersByTimeAsync(3_000);
    expect(runsOfThisPage()).toBe(1);
  });

  /** Opens the top-up with fake timers, its list naming a banner that never finishes decoding. */
  async function openWithBannerNeverPainted(): Promise<void> {
    vi.useFakeTimers();
    gameList = { games: [{ client_id: webClientId, banner: "http://aurora.localhost:8080/b", sub_game: {} }] };
    bannerDecoded = new Promise(() => undefined);
    stubPage(aurora, link);
    await early();
  }

  /** The bundle has not run `ms` − 1 ms from now, and has run once at `ms`. */
  async function expectRunAfter(ms: number): Promise<void> {
    await vi.advanceTimersByTimeAsync(ms - 1);
    expect(runsOfThisPage()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(runsOfThisPage()).toBe(1);
  }

  it("holds a bundle that is in at most 0.5 s for a banner that does not come, and at most 3 s without word of it", async () => {
    await openWithBannerNeverPainted();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runsOfThisPage()).toBe(0);
    entryArrives();
    await expectRunAfter(500);

    // A preload that never says the entry is in: the page's being read starts the only clock.
    vi.resetModules();
    await openWithBannerNeverPainted();
    await expectRunAfter(3_000);
  });

  it("runs the bundle as soon as the page is read in a browser without modulepreload, which fetches it only then", async () => {
    modulePreload = false;
    await openWithBannerNeverPainted();
    expect(runsOfThisPage()).toBe(1);
  });

  it("runs the bundle at once when no banner is coming: none in the list, an error answered, another page", async () => {
    vi.useFakeTimers();
    for (const [url, list] of [
      [link, { games: [] }],
      [link, LIST_REFUSED],
      ["http://aurora.localhost:8080/orderResult?billing_no=B1", { games: [] }],
    ] as const) {
      vi.resetModules();
      gameList = list;
      stubPage(aurora, url);
      const started = Date.now();
      await early();
      // The answer is read (real I/O) while the page's clock stands still but for these steps.
      await vi.waitFor(() => expect(runsOfThisPage(), url).toBe(1), { interval: 1 });
      expect(Date.now() - started, "ran before the banner's time limit").toBeLessThan(100);
    }
  });

  it("does nothing away from the top-up, offline, or without a sales area: the runtime asks as it always has", async () => {
    for (const [url, online] of [
      ["http://aurora.localhost:8080/orderResult?billing_no=B1", true],
      ["http://aurora.localhost:8080/replenish?replenish_id=R1", true],
      ["http://aurora.localhost:8080/@code", true],
      [link, false],
    ] as const) {
      vi.resetModules();
      fetched = [];
      stubPage(aurora, url, { online });
      expect(await early(), url).toEqual([]);
      // A path without a page of its own gets the top-up's, whose shell drops its route's own parts (steps, title, banner).
      expect(root.dataset.entry, url).toBe(online ? (url.includes("selectGoods") ? undefined : "other") : undefined);
    }
    const multiArea = config.brands.find((b) => Object.keys(b.areas).length > 1);
    if (!multiArea) throw new Error("the demo config has no brand with two areas");
    vi.resetModules();
    store.clear();
    stubPage(multiArea, `http://${multiArea.id}.localhost:8080/selectGoods`);
    expect(await early()).toEqual([]);
  });

  it("takes an answer over once; a failed early call is the client's failed try, not asked again", async () => {
    const { withEarlyCalls } = await import("../runtime/lib/api/early.ts");
    const base = vi.fn(async () => new Response("{}", { status: 200 }));
    const calls = new Map<string, Promise<Response>>([
      ["http://h/a", Promise.resolve(new Response("early", { status: 200 }))],
      ["http://h/b", Promise.reject(new TypeError("network"))],
      ["http://h/c", Promise.resolve(new Response("busy", { status: 503 }))],
    ]);
    calls.get("http://h/b")?.catch(() => undefined);
    const f = withEarlyCalls(base, () => calls);
    expect(await (await f("http://h/a")).text()).toBe("early");
    expect(base).not.toHaveBeenCalled();
    await f("http://h/a");
    expect(base).toHaveBeenCalledTimes(1);
    await expect(f("http://h/b")).rejects.toThrow("network");
    expect((await f("http://h/c")).status).toBe(503);
    expect(base).toHaveBeenCalledTimes(1);
    // The client's time limit still ends a call it took over.
    const never = new Map([["http://h/d", new Promise<Response>(() => undefined)]]);
    const controller = new AbortController();
    const pending = withEarlyCalls(base, () => never)("http://h/d", { signal: controller.signal });
    controller.abort(new Error("time limit"));
    await expect(pending).rejects.toThrow("time limit");
  });
});

// What start-up relies on: the kept game list (gameInfo), UI actions asked for before the first
// render (the UI-action store), tracking that waits for the first content, loads tried again on a bad network,
// and code loaded on demand (lib/on-demand.ts).
import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { GetGameListResponse } from "../core/browser/generated/api-types.ts";
import type { ApiClient } from "../runtime/lib/api/client.ts";
import { memoryStorage } from "./memory-storage.ts";

const store = new Map<string, string>();
const listeners = new Map<string, (() => void)[]>();
let online = true;

beforeEach(() => {
  store.clear();
  listeners.clear();
  online = true;
  vi.resetModules();
  vi.stubGlobal("window", {
    localStorage: memoryStorage(store),
    addEventListener: (type: string, fn: () => void) => listeners.set(type, [...(listeners.get(type) ?? []), fn]),
    setTimeout: globalThis.setTimeout,
  });
  vi.stubGlobal("navigator", {
    get onLine() {
      return online;
    },
  });
  vi.stubGlobal("location", { pathname: "/selectGoods" });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const answer = (name: string): GetGameListResponse =>
  ({ games: [{ client_id: "1001001", gp_id: 1, name, logo: "https://x/logo.svg", sub_game: {} }] }) as unknown as GetGameListResponse;

describe("the kept game list (gameInfo)", () => {
  it("is shown at once on the next visit for the same client, platform and area, and the list is still asked again", async () => {
    const { gamesQueryOptions } = await import("../runtime/shared/api/games.ts");
    const calls: unknown[] = [];
    let name = "Skyfall";
    const api = {
      call: async (_n: string, params: unknown) => {
        calls.push(params);
        return answer(name);
      },
    } as unknown as ApiClient;

    const first = new QueryClient();
    expect(first.getQueryData(gamesQueryOptions(api, "1001001", "web", "sea").queryKey)).toBeUndefined();
    await first.fetchQuery(gamesQueryOptions(api, "1001001", "web", "sea"));
    expect(JSON.parse(store.get("gameInfo") ?? "{}").value.key).toBe("1001001|web|sea");

    // Next visit: a new cache, the old answer shown before the platform has said anything.
    name = "Skyfall II";
    const next = new QueryClient();
    const options = gamesQueryOptions(api, "1001001", "web", "sea");
    expect(new QueryObserver(next, options).getCurrentResult().data?.games[0]?.name).toBe("Skyfall");
    await next.prefetchQuery(options);
    expect(calls).toHaveLength(2);
    expect(next.getQueryData<GetGameListResponse>(options.queryKey)?.games[0]?.name).toBe("Skyfall II");

    // Another area or platform never sees it.
    const fresh = new QueryClient();
    expect(new QueryObserver(fresh, gamesQueryOptions(api, "1001001", "web", "mea")).getCurrentResult().data).toBeUndefined();
    expect(new QueryObserver(fresh, gamesQueryOptions(api, "1001001", "ios", "sea")).getCurrentResult().data).toBeUndefined();
  });

  it("ignores a kept value without the answer's shape", async () => {
    const { cachedGames } = await import("../runtime/shared/api/game-art.ts");
    const { setItem } = await import("../runtime/lib/storage.ts");
    setItem("gameInfo", { key: "1001001|web|sea", games: { games: "nope" } });
    expect(cachedGames("1001001|web|sea")).toBeUndefined();
    setItem("gameInfo", "text");
    expect(cachedGames("1001001|web|sea")).toBeUndefined();
  });
});

describe("UI actions asked for before the first render (shared/ui-actions.ts)", () => {
  it("wait for the app and then happen in order; later ones happen at once", async () => {
    const { createUiActions } = await import("../runtime/shared/ui-actions.ts");
    const ui = createUiActions();
    const seen: string[] = [];
    ui.navigate("/notArea");
    ui.toast("Network error");
    expect(seen).toEqual([]);
    ui.openLogin();
    ui.bind({
      navigate: (to) => seen.push(`go ${to}`),
      toast: (m) => seen.push(`toast ${m}`),
      openLogin: () => seen.push("login"),
      refresh: (key) => seen.push(`refresh ${key.join("/")}`),
    });
    expect(seen).toEqual(["go /notArea", "toast Network error", "login"]);
    ui.toast("again");
    ui.refresh(["coupons"]);
    expect(seen).toEqual(["go /notArea", "toast Network error", "login", "toast again", "refresh coupons"]);
  });

  it("are each carried out once: a later binding (a remount) does not repeat them", async () => {
    const { createUiActions } = await import("../runtime/shared/ui-actions.ts");
    const ui = createUiActions();
    const seen: string[] = [];
    ui.navigate("/notArea", { replace: true });
    const unbind = ui.bind({ navigate: (to, options) => seen.push(`go ${to}${options?.replace ? " (replace)" : ""}`) });
    unbind();
    ui.bind({ navigate: (to) => seen.push(`again ${to}`) });
    expect(seen).toEqual(["go /notArea (replace)"]);
  });

  it("wait for the handler of their own kind: the login popup binds apart from the router", async () => {
    const { createUiActions } = await import("../runtime/shared/ui-actions.ts");
    const ui = createUiActions();
    const seen: string[] = [];
    ui.openLogin();
    ui.navigate("/");
    ui.bind({ navigate: (to) => seen.push(`go ${to}`) });
    expect(seen).toEqual(["go /"]);
    ui.openLogin();
    const unbindLogin = ui.bind({ openLogin: () => seen.push("login") });
    expect(seen).toEqual(["go /", "login", "login"]);
    // Unbound again (the layout unmounted): the next one waits for the next binding.
    unbindLogin();
    ui.openLogin();
    expect(seen).toHaveLength(3);
    ui.bind({ openLogin: () => seen.push("login again") });
    expect(seen).toEqual(["go /", "login", "login", "login again"]);
  });

  it("keep their order when a handler asks for another while the waiting ones run", async () => {
    const { createUiActions } = await import("../runtime/shared/ui-actions.ts");
    const ui = createUiActions();
    const seen: string[] = [];
    ui.toast("first");
    ui.openLogin();
    ui.bind({
      toast: (m) => {
        seen.push(`toast ${m}`);
        if (m === "first") ui.openLogin();
      },
    });
    ui.bind({ openLogin: () => seen.push("login") });
    expect(seen).toEqual(["toast first", "login", "login"]);
  });
});

describe("tracking", () => {
  it("sends nothing before the first content, then everything asked for, each after the frame of the tap that caused it", async () => {
    const { createTracker } = await import("../runtime/lib/tracking.ts");
    const sent: string[] = [];
    const send = (async (_url: string, init?: RequestInit) => {
      sent.push(JSON.parse(String(init?.body)).event);
      return new Response();
    }) as typeof fetch;
    let open: () => void = () => undefined;
    const firstContent = new Promise<void>((resolve) => {
      open = resolve;
    });
    // The frames: what the tracker leaves for after the paint waits here until the test paints.
    const frames: (() => void)[] = [];
    const paint = () => {
      for (const task of frames.splice(0)) task();
    };
    const tracker = createTracker(
      () => ({ host: "https://t", appId: "a", eventId: "1", sessionId: "s", sessionTime: 1, did: "d" }),
      send,
      () => firstContent,
      (task) => frames.push(task),
    );
    tracker.track("viewPage");
    tracker.purchase({ step: "clickBuy" });
    await Promise.resolve();
    paint();
    expect(sent).toEqual([]);
    open();
    await firstContent;
    await Promise.resolve();
    expect(sent).toEqual([]);
    paint();
    expect(sent).toEqual(["viewPage", 18]);
    // A tap's event: not in the tap (its microtasks included), sent once the frame is painted.
    tracker.track("login");
    await Promise.resolve();
    await Promise.resolve();
    expect(sent).toEqual(["viewPage", 18]);
    paint();
    expect(sent).toEqual(["viewPage", 18, "login"]);
  });
});

describe("loads after the first render (code and strings)", () => {
  it("are tried again after 1 s and 3 s online, then fail", async () => {
    vi.useFakeTimers();
    const { retryLoad } = await import("../runtime/lib/retry-load.ts");
    let tries = 0;
    const failing = retryLoad(async () => {
      tries++;
      throw new Error("Failed to fetch dynamically imported module");
    });
    const outcome = failing.then(
      () => "loaded",
      (e: Error) => e.message,
    );
    await vi.advanceTimersByTimeAsync(999);
    expect(tries).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(tries).toBe(2);
    await vi.advanceTimersByTimeAsync(3000);
    expect(tries).toBe(3);
    expect(await outcome).toBe("Failed to fetch dynamically imported module");
  });

  it("wait for the connection while offline, without counting those tries", async () => {
    const { retryLoad } = await import("../runtime/lib/retry-load.ts");
    online = false;
    let tries = 0;
    const loaded = retryLoad(async () => {
      tries++;
      if (!online) throw new Error("offline");
      return "module";
    }, []);
    await new Promise((r) => setTimeout(r, 20));
    expect(tries).toBe(1);
    online = true;
    for (const fn of listeners.get("online") ?? []) fn();
    expect(await loaded).toBe("module");
    expect(tries).toBe(2);
  });
});

describe("code loaded on demand (error reactions)", () => {
  const deferred = () => {
    let resolve: () => void = () => undefined;
    const promise = new Promise<void>((r) => {
      resolve = r;
    });
    return { promise, resolve };
  };

  it("runs the calls made while it loads in their order once it is in, and later calls at once", async () => {
    const { onDemand } = await import("../runtime/lib/on-demand.ts");
    const seen: string[] = [];
    const code = deferred();
    let loads = 0;
    const act = onDemand(
      async (): Promise<(what: string) => void> => {
        loads++;
        await code.promise;
        return (what) => seen.push(what);
      },
      () => new Promise(() => undefined),
    );
    act("first");
    act("second");
    expect(seen).toEqual([]);
    code.resolve();
    await vi.waitFor(() => expect(seen).toEqual(["first", "second"]));
    act("third");
    expect(seen).toEqual(["first", "second", "third"]);
    expect(loads).toBe(1);
  });

  it("loads once the first content is on screen, before any call", async () => {
    const { onDemand } = await import("../runtime/lib/on-demand.ts");
    const firstContent = deferred();
    let loads = 0;
    const act = onDemand(
      async () => {
        loads++;
        return () => undefined;
      },
      () => firstContent.promise,
    );
    await Promise.resolve();
    expect(loads).toBe(0);
    firstContent.resolve();
    await vi.waitFor(() => expect(loads).toBe(1));
    act();
    expect(loads).toBe(1);
  });

  it("tries a failed load again at the next call", async () => {
    const { onDemand } = await import("../runtime/lib/on-demand.ts");
    const seen: string[] = [];
    let loads = 0;
    vi.useFakeTimers();
    const act = onDemand(
      async (): Promise<(what: string) => void> => {
        loads++;
        if (loads <= 3) throw new Error("Failed to fetch dynamically imported module");
        return (what) => seen.push(what);
      },
      () => new Promise(() => undefined),
    );
    act("dropped");
    // Three tries (lib/retry-load.ts), then the call is dropped: its code could not be had.
    await vi.advanceTimersByTimeAsync(4000);
    expect(loads).toBe(3);
    vi.useRealTimers();
    act("kept");
    await vi.waitFor(() => expect(seen).toEqual(["kept"]));
  });
});

describe("code loaded on demand, made before the first render", () => {
  it("waits for the first content without starting its fallback clock", async () => {
    vi.useFakeTimers();
    // The fallback (lib/first-content.ts) is armed on window's clock: the fake one.
    vi.stubGlobal("window", { ...window, setTimeout: globalThis.setTimeout });
    const { onDemand } = await import("../runtime/lib/on-demand.ts");
    const firstContent = await import("../runtime/lib/first-content.ts");
    let loads = 0;
    onDemand(async () => {
      loads++;
      return () => undefined;
    });
    await vi.advanceTimersByTimeAsync(5000);
    // Nothing marked the first content, and waiting did not mark it either.
    expect(loads).toBe(0);
    firstContent.markFirstContent();
    await vi.advanceTimersByTimeAsync(100);
    expect(loads).toBe(1);
    vi.useRealTimers();
  });
});

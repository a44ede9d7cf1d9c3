// The page's first script, inlined in each brand's HTML (allowed by its hash in the page's CSP):
// while the bundle is still on its way, it starts the top-up's platform calls with exactly the URLs
// the runtime will ask for (the same code works them out), and fetches the game's banner, the
// largest picture of the first screen, at high priority as soon as its address is known. The
// runtime's API client takes the answers over (lib/api/early.ts). Anything unusual (another page,
// no sales area, offline, no storage) and it does nothing: the runtime asks as it always has. Last,
// it runs the bundle, which the page only preloads, once the banner is painted (runBundle).
import { chooseLayout } from "../core/browser/config/layout.ts";
import { START_DATA_ID, type StartData } from "../core/browser/config/start-brand.ts";
import type { GetGameListResponse } from "../core/browser/generated/api-types.ts";
import { deviceId, resolveCaller, resolveStart, startHosts, startToken, topUpCalls } from "./app/start-plan.ts";
import { getUrl, sentParams } from "./lib/api/client.ts";
import { earlyCalls } from "./lib/api/early.ts";
import { isRtl } from "./lib/language.ts";
import { storedUser } from "./lib/stored-users.ts";
import { bannerUrl, cachedGames, currentGame, gamesKey } from "./shared/api/game-art.ts";

/**
 * Fetches the banner at high priority and shows it in the shell's banner place, where the runtime
 * will show it: the largest picture of the first screen is there before the bundle, and the
 * runtime's <img> of the same address paints it from the memory cache. Resolves once the banner has
 * been painted (or has failed to load).
 */
function showBanner(url: string | undefined, layout: string): Promise<void> {
  if (!url) return Promise.resolve();
  const link = document.createElement("link");
  link.rel = "preload";
  link.as = "image";
  link.href = url;
  link.fetchPriority = "high";
  document.head.append(link);
  const img = document.createElement("img");
  Object.assign(img, { className: "sf-banner__art", alt: "", width: 720, height: 240, fetchPriority: "high", src: url });
  const place = (): boolean => {
    const slot = document.querySelector(`[data-shell="${layout}"] [data-shell-banner]`);
    if (!slot || slot.firstChild) return Boolean(slot) || document.readyState !== "loading";
    slot.append(img);
    return true;
  };
  // A kept list names the banner while the body is still being read: wait for its place.
  if (!place()) {
    const watch = new MutationObserver(() => place() && watch.disconnect());
    watch.observe(document.documentElement, { childList: true, subtree: true });
  }
  // Decoded, then painted in the next frame; the task after that frame is the first after its paint.
  return img.decode().then(
    () => new Promise((painted) => requestAnimationFrame(() => setTimeout(painted))),
    () => undefined,
  );
}

/**
 * The top-up's first screen waits for nothing but the banner: a promise for its paint when one is
 * coming (the game list's answer names it), else none. `start` sets it.
 */
let bannerPainted: Promise<unknown> = Promise.resolve();

function start(): void {
  const data = document.getElementById(START_DATA_ID)?.textContent;
  if (!data) return;
  const { brand, paths, topUp } = JSON.parse(data) as StartData;
  const { area, game, lang } = resolveStart(brand, location.search, navigator.languages);
  // The shell in the layout the runtime will show (the HTML holds both; the brand's default shows without script).
  const layout = chooseLayout(brand, area, game);
  const root = document.documentElement;
  root.dataset.shellLayout = layout;
  // The shell's words are in the brand's first language: in another, the shell keeps their room
  // but not the words, and faces the language's way (Arabic right to left) until the runtime's own.
  if (lang !== root.lang) {
    root.dataset.shellWords = "hidden";
    root.lang = lang;
    root.dir = isRtl(lang) ? "rtl" : "ltr";
  }
  const caller = resolveCaller(brand, game, location.search, navigator.userAgent);
  // A player kept signed in for this game: the shell's sign-in words and buttons keep their room
  // unseen (the runtime shows the account there), never "Log in" to a signed-in player.
  if (storedUser(caller.clientId)) root.dataset.shellSignedIn = "";
  // This page's shell is drawn for the paths it names; served for another (a static host serving
  // one page for every route), the shell drops its route's own parts (steps, title, banner).
  const own = (layout === "old" ? root.dataset.pathsOld : root.dataset.pathsNew)?.split(" ") ?? [];
  if (!own.includes(location.pathname)) root.dataset.entry = "other";
  if (!topUp[layout].includes(location.pathname) || navigator.onLine === false || !area) return;
  const params = new URLSearchParams(location.search);
  const common = { idfv: deviceId(params), spec_lang: lang, oauth_token: startToken(caller, params) };
  const host = startHosts(brand, location).hosts[0];
  if (!host) return;
  const calls = earlyCalls();
  for (const [name, callParams] of topUpCalls(caller, area)) {
    const url = getUrl(host, paths[name], sentParams(common, callParams));
    const answer = fetch(url, { credentials: "omit" });
    // A failure is the runtime's to see when it takes the call over, not an unhandled rejection now.
    answer.catch(() => undefined);
    calls.set(url, answer);
    if (name !== "getGameList") continue;
    // A returning player's kept list names the banner at once; else the list's answer does.
    const kept = cachedGames(gamesKey(caller.clientId, caller.platform, area));
    bannerPainted = kept
      ? showBanner(bannerUrl(currentGame(kept, caller.clientId)), layout)
      : answer
          .then((res) => (res.ok ? (res.clone().json() as Promise<{ code: number; content: GetGameListResponse }>) : undefined))
          .then((body) => (body?.code === 1 ? showBanner(bannerUrl(currentGame(body.content, caller.clientId)), layout) : undefined))
          .catch(() => undefined);
  }
}

/** The longest the bundle, once it is in and the page is read, waits for the banner's paint. */
const BANNER_WAIT_MS = 500;
/** Where the entry's preload never says it is in, the wait ends this long after the page is read. */
const READ_WAIT_MS = 3000;
/** The page's preload of the runtime's entry (templates/index.html.hbs). */
const ENTRY_LINK = "link[data-sf-entry]";

/**
 * Runs the bundle (the page preloads its entry, `link[data-sf-entry]`) once the page is read, as the
 * page's own module script would, and once the banner is painted. On a phone's network the bundle is
 * still downloading when the banner paints, and this changes nothing. Where the bundle is in first
 * (a fast link), its evaluation and first render no longer stand between the game list's answer and
 * the banner's paint, nor between the HTML and its first paint. A banner slow to come holds it back
 * at most BANNER_WAIT_MS from the moment it could have run.
 */
function runBundle(): void {
  let ran = false;
  const run = () => {
    if (ran) return;
    ran = true;
    const entry = document.querySelector<HTMLLinkElement>(ENTRY_LINK);
    if (!entry) return;
    const script = document.createElement("script");
    script.type = "module";
    // Where the preload ran, the module is taken from it (checked against its integrity then); a
    // browser without modulepreload fetches it here, and checks the same integrity.
    script.integrity = entry.integrity;
    script.src = entry.href;
    document.head.append(script);
  };
  let read = false;
  let entryIn = false;
  const limit = () => {
    if (read && entryIn) setTimeout(run, BANNER_WAIT_MS);
  };
  // The entry's preload says when the bundle is in (load), or that it will not be (error: the
  // script's own fetch then fails as the page's module script would have).
  const preloaded = (event: Event) => {
    if (!(event.target as Element | null)?.matches?.(ENTRY_LINK)) return;
    document.removeEventListener("load", preloaded, true);
    document.removeEventListener("error", preloaded, true);
    entryIn = true;
    limit();
  };
  document.addEventListener("load", preloaded, true);
  document.addEventListener("error", preloaded, true);
  // A browser without modulepreload (Safari before 17) fetches the entry only when it is run: it
  // runs as soon as the page is read, as the page's module script did.
  const waits = document.createElement("link").relList?.supports?.("modulepreload") === true;
  const whenRead = () => {
    read = true;
    if (!waits) return run();
    void bannerPainted.then(run, run);
    limit();
    setTimeout(run, READ_WAIT_MS);
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", whenRead, { once: true });
  else whenRead();
}

try {
  start();
} catch {
  // A page that cannot start early starts as it always did: the bundle runs once the page is read.
  bannerPainted = Promise.resolve();
}
runBundle();

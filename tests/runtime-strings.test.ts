// @vitest-environment happy-dom
// The later strings (runtime/lib/i18n-later.ts) reach the screen as a transition: what shows them
// re-renders in slices that yield to the browser, never in one synchronous pass, which was a long
// task of ~60 ms (×4 on a phone) right after the first content. A language the player chooses
// re-renders them at once (runtime/lib/use-translation.ts, app/strings-provider.tsx).
import i18next, { type i18n } from "i18next";
import { createElement, useEffect } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, describe, expect, it } from "vitest";
import { StringsProvider } from "../runtime/app/strings-provider.tsx";
import { useTranslation } from "../runtime/lib/use-translation.ts";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;

async function strings(): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance.init({ lng: "en", resources: { en: { translation: { first: "Top up" } } } });
  return instance;
}

/** Set once Probe's effects ran (after the provider's subscription, an effect before them). */
let subscribed = false;

function Probe() {
  // Keys of this test's own, not the runtime's typed ones.
  const { t } = useTranslation() as unknown as { t: (key: string) => string };
  useEffect(() => {
    subscribed = true;
  }, []);
  return createElement("p", null, `${t("first")} · ${t("later")}`);
}

/** Until `check` holds, each turn a new task (the transition's slices are tasks of React's scheduler). */
async function until(check: () => boolean): Promise<void> {
  for (let turn = 0; turn < 200 && !check(); turn++) await new Promise((resolve) => setTimeout(resolve, 0));
  expect(check()).toBe(true);
}

/** Every microtask queued so far, and the ones they queue (a synchronous re-render is flushed in one). */
async function microtasks(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

let unmount: (() => void) | undefined;
afterEach(() => unmount?.());

describe("the later strings", () => {
  it("re-render what shows them as a transition, not synchronously, and then show", async () => {
    const instance = await strings();
    const host = document.createElement("div");
    document.body.append(host);
    const root = createRoot(host);
    unmount = () => root.unmount();
    root.render(createElement(StringsProvider, { i18n: instance }, createElement(Probe)));
    await until(() => subscribed && host.textContent === "Top up · later");

    // As runtime/lib/i18n-later.ts adds them.
    instance.addResourceBundle("en", "translation", { later: "Pay now" }, true, false);
    await microtasks();
    expect(host.textContent).toBe("Top up · later");
    await until(() => host.textContent === "Top up · Pay now");
  });
});

/** Each t an effect naming it was run with (Reader's). */
const tsSeen: unknown[] = [];

function Reader() {
  const { t } = useTranslation() as unknown as { t: (key: string) => string };
  useEffect(() => {
    tsSeen.push(t);
  }, [t]);
  return createElement("p", null, `${t("first")}|${t("later")}`);
}

describe("a language change", () => {
  it("re-renders what shows strings in the new language, with a new t; added strings keep the same t", async () => {
    const instance = i18next.createInstance();
    await instance.init({
      lng: "en",
      resources: { en: { translation: { first: "Top up" } }, de: { translation: { first: "Aufladen" } } },
    });
    tsSeen.length = 0;
    const host = document.createElement("div");
    document.body.append(host);
    const root = createRoot(host);
    unmount = () => root.unmount();
    root.render(createElement(StringsProvider, { i18n: instance }, createElement(Reader)));
    await until(() => host.textContent === "Top up|later" && tsSeen.length === 1);
    instance.addResourceBundle("en", "translation", { later: "Pay now" }, true, false);
    await until(() => host.textContent === "Top up|Pay now");
    await instance.changeLanguage("de");
    // A new t for the new language: effects that name it run again; the added strings made none
    // (it reads the store at each call), which would be a third.
    await until(() => host.textContent === "Aufladen|later" && tsSeen.length >= 2);
    expect(tsSeen).toHaveLength(2);
  });
});

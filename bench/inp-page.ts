// A storefront page driven as a phone's player drives it, over a bare CDP socket (bench/cdp.ts):
// taps as touch events, keys as key events, both trusted input that the Event Timing API reports.
// Waits poll the page for a condition; nothing waits a fixed time. Used by bench/inp.ts.
import type { Cdp } from "./cdp.ts";

/** One Event Timing entry of an interaction (times in ms from the navigation). */
export interface EventEntry {
  interactionId: number;
  name: string;
  startTime: number;
  processingStart: number;
  processingEnd: number;
  duration: number;
}

/**
 * Keeps every event entry with an interaction id, as INP counts them: `durationThreshold: 16`, the
 * lowest the API takes, so an interaction that answers in under 16 ms leaves no entry.
 */
export const OBSERVE_EVENTS = `(() => {
  window.sfEvents = [];
  window.sfEventObserver = new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.interactionId) window.sfEvents.push({ interactionId: e.interactionId, name: e.name, startTime: e.startTime, processingStart: e.processingStart, processingEnd: e.processingEnd, duration: e.duration });
  });
  window.sfEventObserver.observe({ type: "event", durationThreshold: 16, buffered: true });
})();`;

const WAIT_MS = 20_000;

export class StorePage {
  constructor(private readonly cdp: Cdp) {}

  /** A CDP command that fails, loudly, when Chromium has not answered in 40 s (a page that stopped drawing never ends a wait on a frame). */
  private async send(method: string, params: object = {}): Promise<Record<string, unknown>> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer in ${(2 * WAIT_MS) / 1000} s: ${method} ${JSON.stringify(params).slice(0, 80)}`)),
        2 * WAIT_MS,
      );
    });
    return Promise.race([this.cdp.send(method, params), timeout]).finally(() => clearTimeout(timer));
  }

  /** The value of an expression in the page (awaited when it is a promise). */
  async evaluate<T>(expression: string): Promise<T> {
    const answer = (await this.send("Runtime.evaluate", { expression, awaitPromise: true, returnByValue: true })) as {
      result: { value: T };
      exceptionDetails?: { exception?: { description?: string }; text: string };
    };
    if (answer.exceptionDetails)
      throw new Error(`${expression.slice(0, 80)}: ${answer.exceptionDetails.exception?.description ?? answer.exceptionDetails.text}`);
    return answer.result.value;
  }

  /** Until `condition` (an expression) is true in the page, checked every 50 ms; fails after 20 s. */
  async waitFor(condition: string, what = condition): Promise<void> {
    const met = await this.evaluate<boolean>(`new Promise((resolve) => {
      const end = performance.now() + ${WAIT_MS};
      const check = () => {
        let ok = false;
        try { ok = Boolean(${condition}); } catch {}
        if (ok || performance.now() > end) resolve(ok);
        else setTimeout(check, 50);
      };
      check();
    })`);
    if (!met) throw new Error(`waited ${WAIT_MS / 1000} s for ${what}`);
  }

  /** Until an element matching `selector` is laid out and visible. */
  waitForVisible(selector: string): Promise<void> {
    return this.waitFor(
      `(() => { const el = document.querySelector(${JSON.stringify(selector)}); return !!el && el.checkVisibility() && el.getClientRects().length > 0; })()`,
      selector,
    );
  }

  /** The page's clock now: interactions that start after it belong to the next step. */
  now(): Promise<number> {
    return this.evaluate<number>("performance.now()");
  }

  /**
   * A tap at the middle of the element, scrolled into view first and a frame let by so that the
   * tap lands where the element is drawn. Fails when another element would take the tap.
   */
  async tap(selector: string): Promise<void> {
    await this.waitForVisible(selector);
    const point = await this.evaluate<{ x: number; y: number; hit: boolean }>(`new Promise((resolve) => {
      const el = document.querySelector(${JSON.stringify(selector)});
      el.scrollIntoView({ block: "center", inline: "center" });
      requestAnimationFrame(() => requestAnimationFrame(() => {
        const r = el.getBoundingClientRect();
        const x = r.left + r.width / 2, y = r.top + r.height / 2;
        const top = document.elementFromPoint(x, y);
        resolve({ x, y, hit: !!top && (top === el || el.contains(top)) });
      }));
    })`);
    if (!point.hit) throw new Error(`a tap on ${selector} would land on another element`);
    const touch = { x: point.x, y: point.y, radiusX: 1, radiusY: 1, force: 1, id: 0 };
    await this.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [touch] });
    await this.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  }

  /** A key pressed and released on the focused element (`ArrowDown`, `Enter`…). */
  async press(key: string, keyCode: number): Promise<void> {
    const event = { key, code: key, windowsVirtualKeyCode: keyCode, nativeVirtualKeyCode: keyCode };
    await this.send("Input.dispatchKeyEvent", { type: "rawKeyDown", ...event });
    await this.send("Input.dispatchKeyEvent", { type: "keyUp", ...event });
  }

  /** Types into a form field as an input method would (one input event). */
  async type(selector: string, text: string): Promise<void> {
    await this.waitForVisible(selector);
    await this.evaluate(`document.querySelector(${JSON.stringify(selector)}).focus()`);
    await this.send("Input.insertText", { text });
  }

  /** Navigates and waits for the load event. */
  async goto(url: string): Promise<void> {
    const loaded = this.cdp.once("Page.loadEventFired");
    await this.cdp.send("Page.navigate", { url });
    await loaded;
  }

  async bringToFront(): Promise<void> {
    await this.send("Page.bringToFront");
  }

  /** Runs `act` (a tap that reloads the page) and waits for the new page's load event. */
  async reloadAfter(act: () => Promise<void>): Promise<void> {
    const loaded = this.cdp.once("Page.loadEventFired");
    await act();
    await loaded;
  }

  /**
   * Every event entry so far. The entries of the last interaction are delivered after its frame is
   * presented: two more frames are let by, then the observer's queue is taken.
   */
  async eventEntries(): Promise<EventEntry[]> {
    return this.evaluate<EventEntry[]>(`new Promise((resolve) =>
      requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => {
        window.sfEvents.push(...window.sfEventObserver.takeRecords().filter((e) => e.interactionId).map((e) => ({ interactionId: e.interactionId, name: e.name, startTime: e.startTime, processingStart: e.processingStart, processingEnd: e.processingEnd, duration: e.duration })));
        resolve(window.sfEvents);
      })))
    )`);
  }
}

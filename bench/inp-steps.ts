// The purchase a signed-in player makes, step by step, for bench/inp.ts: in either layout (the new
// layout's sheet, the old layout's recharge and result pages), at 360 px. The sign-in and the choice
// of character come first, at full CPU speed and unmeasured; then the CPU is slowed 4× and each tap
// of the purchase is a step whose interactions the bench measures.
import methods from "../schema/payment-methods.json" with { type: "json" };
import { closeTarget, pageTargets } from "./cdp.ts";
import type { StorePage } from "./inp-page.ts";

/** A measured step: its name, and the page's clock when it began. */
export interface Step {
  name: string;
  start: number;
}

const testId = (id: string) => `[data-testid="${id}"]`;
const visible = (selector: string) =>
  `(() => { const el = document.querySelector(${JSON.stringify(selector)}); return !!el && el.checkVisibility(); })()`;

// A channel without sub-channels whose pay link opens the sandbox's checkout in the pay window.
const REDIRECT = new RegExp(
  `^(${methods.methods
    .filter((m) => m.flow === "redirect")
    .map((m) => m.id)
    .join("|")})_`,
);

/** Signs a fresh sandbox VIP (coupons in every state; README, "Sandbox accounts") in, and picks a character. */
export async function signIn(page: StorePage, brand: string): Promise<void> {
  await toGoods(page);
  const username = await page.evaluate<string>(`fetch("/sandbox/account", {
    method: "POST", headers: { "content-type": "application/json" }, body: ${JSON.stringify(JSON.stringify({ brand, kind: "vip" }))},
  }).then((r) => r.json()).then((a) => a.content.username)`);
  await page.tap(testId("login-open"));
  await page.type('dialog input[name="username"]', username);
  await page.type('dialog input[name="password"]', "sandbox-pass");
  // A sign-in reloads the store.
  await page.reloadAfter(() => page.tap('dialog button[type="submit"]'));
  await page.waitFor(
    `document.querySelector('${testId("account-name")}')?.textContent === ${JSON.stringify(username)}`,
    "the account's name",
  );
  await toGoods(page);
  await page.tap(testId("server-open"));
  if (await page.evaluate<boolean>(`!!document.querySelector('${testId("server-tab-all")}')`)) await page.tap(testId("server-tab-all"));
  await page.tap(`${testId("server-list")} button`);
  await page.waitFor(`${visible(testId("role-confirm"))} || ${visible(testId("role-select"))}`, "a character to choose");
  // A server with several characters asks which: the first (a setup step, not a measured one).
  await page.evaluate(`(() => {
    const select = document.querySelector('${testId("role-select")}');
    if (!select || document.querySelector('${testId("role-confirm")}')) return;
    const value = [...select.options].find((o) => !o.disabled && o.value).value;
    Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, "value").set.call(select, value);
    select.dispatchEvent(new Event("change", { bubbles: true }));
  })()`);
  await page.waitForVisible(testId("role-confirm"));
}

/** From an entry just opened to the goods (the old layout may first show its game choice). */
async function toGoods(page: StorePage): Promise<void> {
  await page.waitFor(`${visible(testId("game-list"))} || ${visible(testId("goods-grid"))}`, "the game list or the goods");
  if (await page.evaluate<boolean>(visible(testId("game-list")))) await page.tap(`${testId("game-list")} button[aria-current="true"]`);
  await page.waitForVisible(`${testId("goods-grid")} .sf-goods-tile`);
}

/**
 * The purchase's taps, each a step: two goods, Buy (the recharge opens), two payment methods, the
 * coupon picker and another coupon, Buy (the order and its pay window; the result), the result's
 * check, and the language picker. Returns the steps in order.
 */
export async function purchase(page: StorePage, browserPort: number): Promise<Step[]> {
  const steps: Step[] = [];
  const step = async (name: string, act: () => Promise<void>, answered: string) => {
    console.error(`  ${name}`);
    steps.push({ name, start: await page.now() });
    await act();
    await page.waitFor(answered, `${name}: ${answered}`);
  };
  const products = await page.evaluate<string[]>(
    `[...document.querySelectorAll('${testId("goods-grid")} .sf-goods-tile')].map((t) => t.getAttribute("data-product"))`,
  );
  for (const [label, product] of [
    ["a goods card", products[1]],
    ["another goods card", products[2]],
  ] as const) {
    const tile = `[data-product="${product}"]`;
    await step(label, () => page.tap(tile), `document.querySelector('${tile}').getAttribute("aria-pressed") === "true"`);
  }
  await step("Buy: the recharge opens", () => page.tap(testId("buy-button")), visible(testId("channel-list")));
  const channels = await page.evaluate<string[]>(
    `[...document.querySelectorAll('${testId("channel-list")} [data-channel]:not([aria-haspopup])')].map((c) => c.getAttribute("data-channel"))`,
  );
  const redirects = channels.filter((c) => REDIRECT.test(c));
  for (const [label, channel] of [
    ["a payment method", redirects[1]],
    ["another payment method", redirects[0]],
  ] as const) {
    if (!channel) throw new Error(`fewer than two redirect channels: ${channels.join(", ")}`);
    const button = `[data-channel="${channel}"]`;
    await step(label, () => page.tap(button), `document.querySelector('${button}').getAttribute("aria-pressed") === "true"`);
  }
  await couponSteps(page, step);
  const before = new Set((await pageTargets(browserPort)).map((t) => t.id));
  await step("Buy: the order and its pay window", () => page.tap(testId("pay-button")), visible(testId("result")));
  // The pay window (the sandbox's checkout) is closed and the store is in front again, drawing frames.
  for (const target of await pageTargets(browserPort)) if (!before.has(target.id)) await closeTarget(browserPort, target.id);
  await page.bringToFront();
  const note = await page.evaluate<string>(`document.querySelector(".sf-result__note")?.textContent ?? ""`);
  await step(
    "the result: check again",
    () => page.tap(testId("recheck")),
    `document.querySelector(".sf-result__note")?.textContent !== ${JSON.stringify(note)}`,
  );
  // The new layout shows the result in a sheet over the goods: closed, as a player goes back to the store.
  const resultSheet = `dialog[open]:has(${testId("result")})`;
  if (await page.evaluate<boolean>(`!!document.querySelector('${resultSheet}')`))
    await step("the result closes", () => page.tap(`${resultSheet} .sf-dialog__header button`), `!document.querySelector("dialog[open]")`);
  await languageStep(page, step);
  return steps;
}

type StepFn = (name: string, act: () => Promise<void>, answered: string) => Promise<void>;

/** The coupon row opens the picker; another usable coupon is taken (the picker closes). */
async function couponSteps(page: StorePage, step: StepFn): Promise<void> {
  const dialog = testId("coupon-dialog");
  // Open once its coupons are listed (the picker's code and the coupons load when it opens).
  await step(
    "the coupon picker",
    () => page.tap(`${testId("coupon-row")} button`),
    `${visible(dialog)} && !!document.querySelector('${dialog} [data-action]')`,
  );
  const use = `${dialog} [data-action="use"]`;
  if (!(await page.evaluate<boolean>(`!!document.querySelector('${use}')`)))
    throw new Error(
      `the coupon picker offers no other coupon: ${await page.evaluate<string>(`document.querySelector('${dialog}').innerText`)}`,
    );
  await step("another coupon", () => page.tap(use), `!document.querySelector('${dialog}')`);
}

/**
 * The language picker is the platform's own `<select>`: a phone shows its options in a native
 * list that CDP cannot tap, so the change is made from the keyboard (focused, then ArrowDown: the
 * next language), which runs the same change handler.
 */
async function languageStep(page: StorePage, step: StepFn): Promise<void> {
  const select = ".sf-language select";
  const before = await page.evaluate<string>("document.documentElement.lang");
  await page.evaluate(`document.querySelector(${JSON.stringify(select)}).focus()`);
  await step("the language picker", () => page.press("ArrowDown", 40), `document.documentElement.lang !== ${JSON.stringify(before)}`);
}

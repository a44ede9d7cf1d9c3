// The real-name gate: a 6001 answer → the notice → /certifiedReal → the platform's form → verified.
import { expect, test } from "@playwright/test";
import { encodeCredential } from "../server/domain/crypto.ts";
import { brandUrl } from "./helpers.ts";
import { chooseChannel, chooseGoods, chooseRole, decide, expectResult, logIn, openRecharge, payByRedirect } from "./journey.ts";

const api = () => `http://127.0.0.1:${process.env.SF_PORT}`;

async function login(request: import("@playwright/test").APIRequestContext) {
  const res = await request.post(`${api()}/util/login/auth`, {
    data: { username: encodeCredential("hanbit_realname"), password: encodeCredential("sandbox-pass"), client_id: "3001003" },
  });
  return (await res.json()) as { code: number; content: { ticket?: string } | null };
}

test("a 6001 answer leads through /certifiedReal and the verification form to a verified account, who then buys", async ({
  page,
  request,
}) => {
  // Verification, a failed and a good attempt, then a whole purchase: longer than one journey.
  test.setTimeout(60_000);
  const refused = await login(request);
  expect(refused.code).toBe(6001);
  const ticket = refused.content?.ticket ?? "";
  // The platform answers 6001 for this visit's first call, with the ticket of the refused login.
  await page.route("**/api/pay/getGameListV2**", (route) =>
    route.fulfill({
      contentType: "application/json",
      body: JSON.stringify({ code: 6001, message: "not real-name verified", content: { ticket } }),
    }),
  );
  await page.goto(brandUrl("hanbit", "/selectGoods?spec_lang=en"));
  const notice = page.getByRole("alert").filter({ hasText: "must complete real-name verification" });
  await expect(notice).toBeVisible();
  await page.unroute("**/api/pay/getGameListV2**");
  await notice.getByRole("link", { name: "Go to verify" }).click();
  await expect(page).toHaveURL(/\/certifiedReal/);
  await expect(page.getByRole("heading", { name: "Real-name verification" })).toBeVisible();
  await page.getByRole("link", { name: "Go to verify" }).click();

  // The platform's form: a wrong id number first, then a valid one.
  await page.getByLabel("Full name").fill("Kim Minsu");
  await page.getByLabel("ID number").fill("110105194912310021");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert")).toContainText("redo real-name from the first page");
  await page.goBack();
  await page.getByLabel("Full name").fill("Kim Minsu");
  await page.getByLabel("ID number").fill("11010519491231002X");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/certifiedReal\?done=1/);
  await expect(page.getByRole("heading", { name: "Verification complete" })).toBeVisible();
  expect((await login(request)).code).toBe(1);

  // Verified, the player logs in and buys.
  await page.goto(brandUrl("hanbit", "/selectGoods?spec_lang=en"));
  await logIn(page, "hanbit_realname");
  await chooseRole(page, 1);
  await chooseGoods(page, "Gems", 0);
  await openRecharge(page);
  await chooseChannel(page, /^(10201|11001|11401|10801|10302)_/);
  const checkout = await payByRedirect(page);
  await decide(checkout, "Approve payment");
  await expectResult(page, "success");
  await expect(page.getByTestId("result")).toContainText("hanbit_realname");
});

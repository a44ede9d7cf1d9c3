// The sandbox's HTML pages: Handlebars templates (templates/), each compiled once and auto-escaped,
// with a fresh CSP nonce per response for the pages that run a script.
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import Handlebars from "handlebars";

const TEMPLATES = fileURLToPath(new URL("./templates/", import.meta.url));

const hbs = Handlebars.create();

/**
 * `{{json value}}` writes a value into an inline script: JSON, with `<` escaped so no `</script>` or
 * `<!--` ends the script early (HTML escaping is the wrong rule inside a script).
 */
hbs.registerHelper("json", (value: unknown) => new hbs.SafeString(JSON.stringify(value).replace(/</g, "\\u003c")));

for (const file of readdirSync(join(TEMPLATES, "partials"))) {
  hbs.registerPartial(file.replace(/\.hbs$/, ""), readFileSync(join(TEMPLATES, "partials", file), "utf8"));
}

/** Strict: a value a template names but the page does not give is an error, not an empty string. */
const template = <T>(name: string) => hbs.compile<T>(readFileSync(join(TEMPLATES, `${name}.hbs`), "utf8"), { strict: true });

export interface CheckoutPage {
  title: string;
  methodName: string;
  methodLabel: string;
  amount: string;
  currency: string;
  goods: string;
  billingNo: string;
  /** "approved" or "declined" once the payment is decided; then no form. */
  settled: string | false;
  sig: string;
  /** The method's simulated step: a card form, a bank's 3-D Secure page, a MyCard form, else buttons. */
  step: { card: boolean; threeDSecure: boolean; myCard: boolean };
  declinedCard: string;
}

export interface CheckoutResultPage {
  label: string;
  back: string | false;
  /** With a storefront to tell: the nonce of the script that posts `message` to `target`. */
  nonce: string | false;
  message: unknown;
  target: string | null;
}

export interface ProviderPage {
  title: string;
  host: string;
  users: { id: string; name: string }[];
  nonce: string;
  messages: Record<string, unknown>;
  origin: string;
}

export interface RealNamePage {
  form: { ticket: string; back: string } | false;
  failed: { reason: string; restart: string } | false;
}

export const pages = {
  checkout: template<CheckoutPage>("checkout"),
  checkoutResult: template<CheckoutResultPage>("checkout-result"),
  checkoutMessage: template<{ title: string; heading: string; text: string | false }>("checkout-message"),
  provider: template<ProviderPage>("provider"),
  twitter: template<{ accounts: { name: string; href: string }[]; denied: string }>("twitter"),
  realName: template<RealNamePage>("real-name"),
};

/**
 * A fresh CSP nonce; each response gets its own, so a nonce seen once is worth nothing. 18 bytes
 * are base64 without padding, so the nonce reads the same in the header and in the escaped page.
 */
export const newNonce = () => randomBytes(18).toString("base64");

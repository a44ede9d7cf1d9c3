// Placeholders: the stand-ins `gen new-brand` writes where only the publisher knows the value, and
// how `gen validate --strict` recognises one (in any field, whether or not its TODO mark is left).
import { isReservedHost } from "../../browser/config/hosts.ts";
import { clip } from "./diagnostic.ts";
import { pointerSegments } from "./pointers.ts";

/** gen new-brand's product-wide Huawei client id: no id the provider issues is all zeros. */
export const PLACEHOLDER_HUAWEI_CLIENT_ID = "000000000";

/** gen new-brand's seller address in a Japanese notice: a postal code of zeros and the word "address". */
export const PLACEHOLDER_ADDRESS = "〒000-0000 所在地";

/**
 * gen new-brand's stand-ins for ids only the provider issues, named after the brand but saying what
 * they are, so `--strict` knows them by the word (a real id may well be `<brand>-web`).
 */
export const placeholderLoginClientId = (brandId: string, area: string) => `${brandId}-${area}-login-placeholder`;
export const placeholderTrackingAppId = (brandId: string) => `${brandId}-web-placeholder`;

/** Words that say a value was never filled in, as a whole word of an id (`your-client-id`, `com.example.app`). */
const PLACEHOLDER_WORD = /(?:^|[^a-z])(todo|tbd|fixme|placeholder|changeme|dummy|your|x{3,}|example)(?:[^a-z]|$)/i;

/**
 * Host-like words of a text: a URL's host, an address's domain, a bare name, a reverse-DNS id. Each
 * match starts after a character no name holds, so a megabyte without a dot costs one pass, not a
 * pass per character.
 */
const NAME = /(?<![a-z0-9-])[a-z0-9-]+(?:\.[a-z0-9-]+)+/gi;

/** A postal code of zeros (〒000-0000), or the bare word "address" where the seller's address goes. */
const PLACEHOLDER_JA_ADDRESS = /〒\s*0{3}-?0{4}|^\s*所在地\s*$/;

export interface Placeholder {
  /** What about the value makes it a placeholder, for the message. */
  reason: string;
  hint: string;
}

type Field = "client-id" | "package" | "japanese-notice" | "text";

/** What kind of value a pointer holds, for the rules that apply to it. */
function fieldOf(pointer: string): Field {
  const seg = pointerSegments(pointer);
  const path = seg.map((s, i) => (/^\d+$/.test(s) || (i > 0 && ["areas", "games", "shortLinks"].includes(seg[i - 1] ?? "")) ? "*" : s));
  const p = path.join("/").replace(/^brands\/\*\/legal\/commercialTransactions\/[^/]+\//, "brands/*/legal/notice/");
  if (p === "brands/*/login/google/package" || p === "brands/*/login/apple/bundleId") return "package";
  if (
    p === "huaweiClientId" ||
    p === "brands/*/areas/*/loginClientId" ||
    /^brands\/\*\/(games|shortLinks)\/\*\/clientIdMap\/[^/]+$/.test(p) ||
    /^brands\/\*\/login\/(google\/clientId|facebook\/appId|vk\/appId)$/.test(p) ||
    /^brands\/\*\/tracking\/(appId|eventId)$/.test(p)
  )
    return "client-id";
  if (p.startsWith("brands/*/legal/notice/")) return "japanese-notice";
  return "text";
}

/** Whether a value could be a placeholder at all: the cheap test before its field is worked out. */
export const mayBePlaceholder = (value: string) =>
  value.includes(".") || /^0+$/.test(value) || PLACEHOLDER_WORD.test(value) || PLACEHOLDER_JA_ADDRESS.test(value);

/** A reverse-DNS id (`com.example.app`) read as the domain it names (`app.example.com`). */
const reversed = (id: string) => id.split(".").reverse().join(".");

/** Why the value at `pointer` is a placeholder, or undefined when it may be the real one. */
export function placeholderOf(pointer: string, value: string): Placeholder | undefined {
  const field = fieldOf(pointer);
  for (const match of value.match(NAME) ?? []) {
    const name = match.replace(/^-+|-+$/g, "");
    if (isReservedHost(name))
      return {
        reason: `is on the reserved name '${clip(name)}', which never resolves`,
        hint: "use the publisher's real value; .example, .test and .invalid never resolve",
      };
    if (field === "package" && isReservedHost(reversed(name)))
      return {
        reason: `is named after the reserved domain '${clip(reversed(name).replace(/^.*?([^.]+\.[^.]+)$/, "$1"))}'`,
        hint: "use the package or bundle id the app is published under",
      };
  }
  if (field === "client-id" || field === "package") {
    const issued = "use the id the provider (or the platform) issued for this brand";
    if (/^0+$/.test(value)) return { reason: "is all zeros", hint: issued };
    const word = PLACEHOLDER_WORD.exec(value)?.[1];
    if (word) return { reason: `reads as a placeholder ('${word}')`, hint: issued };
  }
  if (field === "japanese-notice" && PLACEHOLDER_JA_ADDRESS.test(value))
    return {
      reason: "is gen new-brand's placeholder address",
      hint: "write the seller's postal code and full address, as the law requires",
    };
  return undefined;
}

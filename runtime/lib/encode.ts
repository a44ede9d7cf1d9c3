// Credentials as agreed with the platform (docs/api.md, "auth" and "cardInfo"): trimmed, then a random 3-character hex
// prefix in front of base64(prefix + value + prefix). Prepaid cards: base64url of
// 'number:password:unix seconds' with a SHA-256 of that text for integrity (schema/api/payment.json).

const utf8Base64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));

export function randomPrefix(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(2));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0"))
    .join("")
    .slice(0, 3);
}

export function encodeCredential(value: string, prefix = randomPrefix()): string {
  return prefix + utf8Base64(prefix + value.trim() + prefix);
}

export async function encodeCardInfo(cardNo: string, password: string, seconds = Math.floor(Date.now() / 1000)): Promise<string> {
  const text = `${cardNo.trim()}:${password.trim()}:${seconds}`;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  const hex = Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
  const b64url = utf8Base64(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  return `${b64url}.${hex}`;
}

/** In-app browsers where Google and Apple sign-in cannot complete (docs/decisions.md, "Purchase journey"). */
const IN_APP = /FBAN|FBAV|FB_IAB|Instagram|\bLine\/|MicroMessenger|KAKAOTALK|musical_ly|BytedanceWebview|TikTok/i;

export const isInAppBrowser = (userAgent: string) => IN_APP.test(userAgent);

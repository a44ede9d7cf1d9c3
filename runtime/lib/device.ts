// What the user agent tells: the platform parameter, iOS, Safari, mobile, in-app browsers.

export type Platform = "android" | "ios" | "web";

export function platformOf(userAgent: string): Platform {
  if (/android/i.test(userAgent)) return "android";
  if (/iphone|ipad|ipod/i.test(userAgent) || (/macintosh/i.test(userAgent) && /mobile/i.test(userAgent))) return "ios";
  return "web";
}

export const isIos = (ua: string) => platformOf(ua) === "ios";
export const isMobile = (ua: string) => /android|iphone|ipad|ipod|mobile/i.test(ua);
export const isSafari = (ua: string) => /safari/i.test(ua) && !/chrome|crios|fxios|edg|android/i.test(ua);

const IN_APP: [string, RegExp][] = [
  ["Facebook", /FBAN|FBAV|FB_IAB/i],
  ["Instagram", /Instagram/i],
  ["LINE", /\bLine\//i],
  ["WeChat", /MicroMessenger/i],
  ["KakaoTalk", /KAKAOTALK/i],
  ["TikTok", /musical_ly|BytedanceWebview|TikTok/i],
];

/** The in-app browser the page runs in, when it is one that blocks Google and Apple sign-in. */
export function inAppBrowser(userAgent: string): string | undefined {
  return IN_APP.find(([, re]) => re.test(userAgent))?.[0];
}

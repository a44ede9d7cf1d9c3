// Third-party sign-in (docs/decisions.md, "Purchase journey"): Google, Apple, Facebook, Huawei and VK open the provider's sign-in
// page (where the login config says it is) in a popup and receive its answer by postMessage; Twitter
// goes through twitter_auth and the brand's twitterRedirect.html. Each answer becomes a login call.

import type { LoginConfigResponse, LoginResult } from "../../../core/browser/generated/api-types.ts";
import type { ApiClient } from "../../lib/api/client.ts";

export type Provider = LoginConfigResponse["json_type"][number];

/** Google and Apple refuse to sign in inside in-app browsers (docs/decisions.md, "Purchase journey"). */
export const NEEDS_REAL_BROWSER: ReadonlySet<Provider> = new Set(["google", "apple"]);

export class SignInCancelled extends Error {}

const POPUP = "width=480,height=680";

/** Waits for one message that passes `accept`, or rejects when the popup is closed without one. */
function awaitMessage<T>(popup: Window, accept: (event: MessageEvent) => T | undefined): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const done = () => {
      window.removeEventListener("message", onMessage);
      clearInterval(watch);
    };
    const onMessage = (event: MessageEvent) => {
      const value = accept(event);
      if (value === undefined) return;
      done();
      resolve(value);
    };
    // A popup closed by hand never answers; give a message sent just before closing time to arrive.
    const watch = setInterval(() => {
      if (!popup.closed) return;
      setTimeout(() => {
        done();
        reject(new SignInCancelled("closed"));
      }, 400);
      clearInterval(watch);
    }, 500);
    window.addEventListener("message", onMessage);
  });
}

function openPopup(url: string): Window {
  const popup = window.open(url, "sf-sign-in", POPUP);
  if (!popup) throw new SignInCancelled("blocked");
  return popup;
}

interface ProviderAnswer {
  code: string;
  uid: string;
}

async function authorize(authorizeUrl: string, loginClientId: string): Promise<ProviderAnswer> {
  const state = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, "0")).join("");
  const url = new URL(authorizeUrl);
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new SignInCancelled("bad sign-in page");
  url.searchParams.set("client_id", loginClientId);
  url.searchParams.set("origin", window.location.origin);
  url.searchParams.set("state", state);
  const popup = openPopup(url.toString());
  const answer = await awaitMessage(popup, (event) => {
    const data = event.data as { source?: string; state?: string; code?: string; uid?: string; error?: string } | null;
    if (event.origin !== url.origin || data?.source !== "sandbox-provider" || data.state !== state) return undefined;
    return data;
  });
  if (answer.error || !answer.code) throw new SignInCancelled(answer.error ?? "no code");
  return { code: answer.code, uid: answer.uid ?? "" };
}

export interface SignInContext {
  api: ApiClient;
  clientId: string;
  config: LoginConfigResponse & { authorize_urls?: Partial<Record<Provider, string>> };
}

export async function signIn(provider: Provider, { api, clientId, config }: SignInContext): Promise<LoginResult> {
  const origin = window.location.origin;
  if (provider === "twitter") {
    const callback = `${origin}${config.twitterHtml ?? "/twitterRedirect.html"}`;
    const { url } = await api.call("twitterAuth", { callback, client_id: clientId });
    const popup = openPopup(url);
    const answer = await awaitMessage(popup, (event) => {
      const data = event.data as { type?: string; oauth_token?: string; oauth_verifier?: string; denied?: string } | null;
      return event.origin === origin && data?.type === "sf:twitter-auth" ? data : undefined;
    });
    if (answer.denied || !answer.oauth_token || !answer.oauth_verifier) throw new SignInCancelled("denied");
    return api.call("twitterRedirect", {
      oauth_token: answer.oauth_token,
      oauth_verifier: answer.oauth_verifier,
      client_id: clientId,
    } as never);
  }
  const authorizeUrl = config.authorize_urls?.[provider];
  if (!authorizeUrl) throw new SignInCancelled("not offered");
  const { code, uid } = await authorize(authorizeUrl, config.client_id);
  switch (provider) {
    case "google":
      return api.call("googleAuth", { authorization_code: code, pkg: config.gg_pkg, redirect_uri: origin, client_id: clientId });
    case "apple":
      return api.call("appleAuth", { authorization_code: code, redirect_uri: origin, client_id: clientId });
    case "facebook":
      return api.call("facebookAuth", { fb_access_token: code, client_id: clientId });
    case "vk":
      return api.call("vkAuth", { vk_access_token: code, uid, client_id: clientId });
    case "huawei":
      return api.call("huaweiAuth", { authorization_code: code, redirect_uri: origin, client_id: clientId });
  }
}

// The calls of schema/api/login.json: passwords, the third-party providers, Twitter, the login config.
import { passwordLogin, providerLogin, twitterAuth, twitterRedirect, userInfo } from "../domain/login.ts";
import { loginConfig } from "../domain/login-config.ts";
import { callRoutes } from "./calls.ts";

export const loginRoutes = callRoutes("login.json", {
  auth: ({ platform, params, caller }) => passwordLogin(platform, params, caller),
  googleAuth: ({ platform, params }) => providerLogin(platform, "google", params, params.authorization_code),
  appleAuth: ({ platform, params }) => providerLogin(platform, "apple", params, params.authorization_code),
  facebookAuth: ({ platform, params }) => providerLogin(platform, "facebook", params, params.fb_access_token),
  vkAuth: ({ platform, params }) => providerLogin(platform, "vk", params, params.vk_access_token),
  huaweiAuth: ({ platform, params }) => providerLogin(platform, "huawei", params, params.authorization_code),
  twitterAuth: ({ platform, params, caller }) => twitterAuth(platform, params, caller.origin),
  twitterRedirect: ({ platform, params }) => twitterRedirect(platform, params),
  userInfo: ({ platform, params, caller }) => userInfo(platform, params, caller),
  loginConfig: ({ platform, params, caller }) => loginConfig(platform, params, caller.origin),
});

// The players kept in this browser (docs/decisions.md, "Purchase journey": user info): user info per game product id (paymentUserinfo) and,
// as the legacy key, per client id (userMap). Plain reads, no React: the page's first script uses
// them too (runtime/early.ts), to sign its first calls as the runtime will.
import { getItem } from "./storage.ts";

export interface UserInfo {
  username: string;
  suid: string;
  oauth_token: string;
  gp_id: number;
}

export type UserMap = Record<string, UserInfo>;

export const isUser = (v: unknown): v is UserInfo =>
  typeof v === "object" &&
  v !== null &&
  typeof (v as UserInfo).username === "string" &&
  typeof (v as UserInfo).oauth_token === "string" &&
  (v as UserInfo).oauth_token.length > 0 &&
  typeof (v as UserInfo).gp_id === "number";

/** A stored map with only well-formed entries (a foreign or corrupt value is dropped, never trusted). */
export function readUsers(key: "paymentUserinfo" | "userMap"): UserMap {
  const raw = getItem<unknown>(key);
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return {};
  return Object.fromEntries(Object.entries(raw).filter(([, v]) => isUser(v))) as UserMap;
}

/** The kept user of a game: by its product id when known, else the legacy entry of the client id. */
export function storedUser(clientId: string, gpId?: number): UserInfo | undefined {
  const byClient = readUsers("userMap")[clientId];
  const gp = gpId ?? byClient?.gp_id;
  return (gp !== undefined ? readUsers("paymentUserinfo")[String(gp)] : undefined) ?? byClient;
}

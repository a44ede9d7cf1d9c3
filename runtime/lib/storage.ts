// Browser storage: every key with a value and an optional expiry in days (0 = none).
// Corrupt or foreign values are discarded; blocked storage falls back to memory for the session.

export const STORAGE_KEYS = [
  "oauth_token",
  "paymentUserinfo",
  "paymentOrderInfo",
  "userMap",
  "gameInfo",
  "paymentGameInfo",
  "paymentBakApi",
  "replenishBillingNo",
  "payment_domain_area",
  "betaAccountKey",
  "betaUserInfo",
  "autoShowAccum",
  "perfLang",
  "trackTimestamp",
  "paymentUuid",
  "trafficSource",
] as const;

export type StorageKey = (typeof STORAGE_KEYS)[number];

/** Default lifetime of each key in days (0 = no expiry). */
export const EXPIRY_DAYS: Record<StorageKey, number> = {
  oauth_token: 0,
  paymentUserinfo: 0,
  paymentOrderInfo: 7,
  userMap: 0,
  gameInfo: 7,
  paymentGameInfo: 0,
  paymentBakApi: 1,
  replenishBillingNo: 0,
  payment_domain_area: 0,
  betaAccountKey: 0,
  betaUserInfo: 0,
  autoShowAccum: 1,
  perfLang: 0,
  trackTimestamp: 0,
  paymentUuid: 0,
  trafficSource: 0,
};

interface Entry {
  value: unknown;
  /** Epoch milliseconds after which the entry is gone; 0 = never. */
  expires: number;
}

const DAY = 86_400_000;
const memory = new Map<string, string>();
type Backend = Pick<Storage, "getItem" | "setItem" | "removeItem">;
const memoryBackend: Backend = {
  getItem: (k) => memory.get(k) ?? null,
  setItem: (k, v) => void memory.set(k, v),
  removeItem: (k) => void memory.delete(k),
};
let chosen: Backend | undefined;

function backend(): Backend {
  if (chosen) return chosen;
  try {
    const probe = "__sf_probe__";
    window.localStorage.setItem(probe, probe);
    window.localStorage.removeItem(probe);
    chosen = window.localStorage;
  } catch {
    chosen = memoryBackend;
  }
  return chosen;
}

export function storageAvailable(): boolean {
  return backend() !== memoryBackend;
}

function isEntry(v: unknown): v is Entry {
  return typeof v === "object" && v !== null && "value" in v && typeof (v as Entry).expires === "number";
}

export function getItem<T = unknown>(key: StorageKey, now = Date.now()): T | undefined {
  const store = backend();
  const raw = store.getItem(key);
  if (raw === null) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!isEntry(parsed)) throw new Error("foreign value");
    if (parsed.expires !== 0 && parsed.expires <= now) throw new Error("expired");
    return parsed.value as T;
  } catch {
    store.removeItem(key);
    return undefined;
  }
}

export function setItem(key: StorageKey, value: unknown, days = EXPIRY_DAYS[key], now = Date.now()): void {
  const entry: Entry = { value, expires: days > 0 ? now + days * DAY : 0 };
  try {
    backend().setItem(key, JSON.stringify(entry));
  } catch {
    memory.set(key, JSON.stringify(entry));
  }
}

export function removeItem(key: StorageKey): void {
  backend().removeItem(key);
}

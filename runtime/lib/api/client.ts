// The one API client: common parameters, envelope unwrapping, typed errors, timeouts, retries and
// failover (docs/decisions.md, "Runtime core"). It never shows anything; the caller decides (error-actions.ts).

import { apiCalls } from "../../../core/browser/generated/api-calls.ts";
import type { ApiCalls, CallName } from "../../../core/browser/generated/api-types.ts";
import type { HostPlan } from "./hosts.ts";

/** A business error: the platform answered with a code other than 1. */
export class ApiError extends Error {
  constructor(
    readonly call: CallName,
    readonly code: number,
    message: string,
    readonly content: unknown,
  ) {
    super(message);
  }
}

/** No host answered: every try of every host failed or timed out. */
export class NetworkError extends Error {
  constructor(
    readonly call: CallName,
    readonly attempts: number,
  ) {
    super("network error");
  }
}

export const RETRY = { timeoutMs: 10_000, triesPerHost: 3, delayMs: 4_000 } as const;

export interface ClientOptions {
  plan: () => HostPlan;
  /** idfv, spec_lang and (when logged in) oauth_token, sent with every call. */
  common: () => Record<string, string | undefined>;
  /** The host that answered, when it was not the first one tried (kept as paymentBakApi, 1 day). */
  remember: (host: string) => void;
  /** True when the browser knows it is offline: no host could answer, so no try is made. */
  offline?: () => boolean;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  retry?: Partial<typeof RETRY>;
}

export type CallParams<N extends CallName> = Omit<ApiCalls[N]["request"], "idfv" | "spec_lang" | "oauth_token">;

export interface CallOptions {
  path?: string;
  /**
   * The Idempotency-Key of a state-changing call (schema/api/: `idempotent`). One is made per
   * call, which is one player action, and sent with each of its tries and backup hosts; give one
   * only to make two calls the same action.
   */
  idempotencyKey?: string;
}

export interface ApiClient {
  call<N extends CallName>(name: N, params: CallParams<N>, options?: CallOptions): Promise<ApiCalls[N]["response"]>;
}

/** 128 random bits as 32 hex digits: crypto.getRandomValues works on plain http too (randomUUID needs https). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** A call's parameters as sent: the common ones and the call's own, without the empty ones. */
export function sentParams(common: Record<string, unknown>, params: object): Record<string, unknown> {
  const all: Record<string, unknown> = { ...common, ...params };
  return Object.fromEntries(Object.entries(all).filter(([, v]) => v !== undefined && v !== null && v !== ""));
}

/** A GET call's URL on a host: its path and its parameters in the query, in their order. */
export const getUrl = (host: string, path: string, sent: Record<string, unknown>) =>
  `${host}${path}?${new URLSearchParams(Object.entries(sent).map(([k, v]) => [k, String(v)])).toString()}`;

interface Envelope {
  code: number;
  message: string;
  content: unknown;
}

const isEnvelope = (v: unknown): v is Envelope =>
  typeof v === "object" && v !== null && typeof (v as Envelope).code === "number" && typeof (v as Envelope).message === "string";

export function createApiClient(options: ClientOptions): ApiClient {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const retry = { ...RETRY, ...options.retry };

  async function once(url: string, init: RequestInit): Promise<Envelope | undefined> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), retry.timeoutMs);
    try {
      const res = await doFetch(url, { ...init, signal: controller.signal });
      if (res.status >= 500) return undefined;
      const body: unknown = await res.json().catch(() => undefined);
      return isEnvelope(body) ? body : undefined;
    } catch {
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async call(name, params, callOptions = {}) {
      const spec = apiCalls[name];
      const path = callOptions.path ?? spec.paths[0] ?? "/";
      const clean = sentParams(options.common(), params);
      // Tries and failover would keep the player waiting for a minute for a call that cannot succeed.
      if (options.offline?.()) throw new NetworkError(name, 0);
      const plan = options.plan();
      // One key for every try of this action, on every host: the platform applies it once.
      const key = spec.idempotent ? (callOptions.idempotencyKey ?? newIdempotencyKey()) : undefined;
      const headers: Record<string, string> = { "content-type": "application/json", ...(key ? { "idempotency-key": key } : {}) };
      let attempts = 0;
      for (const [index, host] of plan.hosts.entries()) {
        for (let t = 0; t < retry.triesPerHost; t++) {
          if (attempts > 0) await sleep(retry.delayMs);
          attempts++;
          const url = spec.method === "GET" ? getUrl(host, path, clean) : `${host}${path}`;
          const init: RequestInit =
            spec.method === "GET"
              ? { method: "GET", credentials: "omit" }
              : { method: "POST", credentials: "omit", headers, body: JSON.stringify(clean) };
          const envelope = await once(url, init);
          if (!envelope) continue;
          if (index > 0) options.remember(host);
          if (envelope.code !== 1) throw new ApiError(name, envelope.code, envelope.message, envelope.content);
          return envelope.content as never;
        }
      }
      throw new NetworkError(name, attempts);
    },
  };
}

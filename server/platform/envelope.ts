// The platform's response envelope {code, message, content} (spec §7) and its error type.

export { CODE } from "../../core/generated/api-errors.ts";

import { CODE } from "../../core/generated/api-errors.ts";

export interface Envelope<T = unknown> {
  code: number;
  message: string;
  content: T | null;
}

export const ok = <T>(content: T, message = "success"): Envelope<T> => ({ code: CODE.success, message, content });

/** A business error: answered as an envelope with its code, with HTTP 200 like the real platform. */
export class PlatformError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly httpStatus = 200,
    /** Some errors carry data, e.g. 6001 carries the real-name ticket. */
    readonly content: unknown = null,
  ) {
    super(message);
  }
}

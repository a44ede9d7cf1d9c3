// Business errors with the codes of schema/api/errors.json; the HTTP layer answers them as envelopes.

import { messageOf } from "../../core/node/contract/contract.ts";

/** The codes of schema/api/errors.json by name (generated, so the names cannot drift). */
export { CODE } from "../../core/browser/generated/api-errors.ts";

/** A rule said no: answered with its code (and HTTP 200, like the real platform). */
export class PlatformError extends Error {
  constructor(
    readonly code: number,
    message: string,
    /** Some errors carry data, e.g. 6001 carries the real-name ticket. */
    readonly content: unknown = null,
  ) {
    super(message);
  }
}

export function fail(code: number, message = messageOf(code), content: unknown = null): never {
  throw new PlatformError(code, message, content);
}

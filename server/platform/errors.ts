// Business errors with the codes of schema/api/errors.json.

import { messageOf } from "../../core/contract/contract.ts";
import { CODE } from "../../core/generated/api-errors.ts";
import { PlatformError } from "./envelope.ts";

/** The codes of schema/api/errors.json by name (generated, so the names cannot drift). */
export const E = CODE;

export function fail(code: number, message = messageOf(code), content: unknown = null): never {
  throw new PlatformError(code, message, 200, content);
}

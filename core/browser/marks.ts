// The storefront's performance marks: what the runtime sets and the budget test, the benchmark and real-user monitoring read.

/** The first content the player came for is on screen (runtime/lib/first-content.ts). */
export const FIRST_CONTENT_MARK = "sf:first-content";

/** Prefix of a mark per string looked up before its part of the language arrived (runtime/lib/i18n.ts). */
export const MISSING_STRING_MARK = "sf:missing-string:";

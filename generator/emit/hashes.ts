// The hashes the build names its files by, computed in memory (node:crypto does no I/O): a CSP
// source for an inline script or style, a Subresource Integrity value for a script a page loads, a
// hex SHA-256 for the release inventory, and the short hash in file names and cache versions.
import { createHash } from "node:crypto";

type Bytes = Uint8Array | string;

/** A CSP hash source (`sha256-<base64>`, quoted in the policy): how a page allows its inline script and style. */
export const sha256 = (text: string) => `sha256-${createHash("sha256").update(text).digest("base64")}`;

/** Subresource Integrity (`sha384-<base64>`): the browser refuses a script whose bytes do not match it. */
export const sha384 = (bytes: Bytes) => `sha384-${createHash("sha384").update(bytes).digest("base64")}`;

/** SHA-256 in hex: a page's or file's digest in dist/release.json, as `sha256sum` prints it. */
export const sha256Hex = (bytes: Bytes) => createHash("sha256").update(bytes).digest("hex");

/** The first 10 hex digits of SHA-256: a file name's content hash, a cache's version. */
export const shortHash = (text: string) => sha256Hex(text).slice(0, 10);

// What a storefront host answers for a path: the one routing rule of the Node server (server/sites.ts)
// and `gen dev` (cli/dev/), mirrored by the generated nginx configuration (generator/emit/nginx.ts).
// Each entry path gets its own page (../entry-pages.ts), every other client-side route the top-up's.
import type { HostEntry } from "../config/types.ts";
import { entryFile, isEntryFile } from "../entry-pages.ts";
import { isApiPath, type ResponseKind } from "./http-policy.ts";

export type SiteRoute =
  /** A platform path: the platform answers (or its not-found handler). */
  | { kind: "platform" }
  /** A host no brand has. */
  | { kind: "unknownHost" }
  /** A shared, hashed asset: `file` relative to app/assets/ (it may not exist: then 404). */
  | { kind: "asset"; file: string }
  /** A page of the brand's folder, with its response kind's headers (`page` or, for other HTML, `popupPage`). */
  | { kind: "page"; brand: string; file: string }
  /** Another file of the brand's folder: the worker, an HTML popup page, the manifest, icons… */
  | { kind: "brandFile"; brand: string; file: string; response: Extract<ResponseKind, "worker" | "popupPage" | "brandFile"> };

/**
 * `path` is the request's decoded path; `host` the brand the Host names (undefined for an unknown
 * host); `brandHas(brand, file)` says whether the brand's folder has that file.
 */
export function routeSite(path: string, host: HostEntry | undefined, brandHas: (brand: string, file: string) => boolean): SiteRoute {
  if (isApiPath(path)) return { kind: "platform" };
  if (!host) return { kind: "unknownHost" };
  const { brand } = host;
  const file = path.replace(/^\/+/, "");
  // A path that climbs out of the folder is no file of it: the top-up's page, as for any unknown route.
  if (file.split(/[/\\]/).includes("..")) return { kind: "page", brand, file: "index.html" };
  if (path.startsWith("/assets/")) return { kind: "asset", file: file.slice("assets/".length) };
  if (isEntryFile(file)) return { kind: "page", brand, file };
  if (file && brandHas(brand, file)) {
    const response = file === "sw.js" ? "worker" : file.endsWith(".html") ? "popupPage" : "brandFile";
    return { kind: "brandFile", brand, file, response };
  }
  return { kind: "page", brand, file: entryFile(path) };
}

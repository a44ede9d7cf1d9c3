// Module aliases for every browser bundle (the runtime, and the floor `npm run bench` builds beside it
// so the two are compared on the same terms).
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Alias } from "vite";

const require = createRequire(import.meta.url);
const reactRouterDist = join(dirname(require.resolve("react-router/package.json")), "dist", "production");

export const bundleAliases: Alias[] = [
  // React Router's export map names its development build for every condition (remix-run/react-router
  // #12437, "temporary"); its production build sits beside it without the dev-only warnings.
  { find: /^react-router$/, replacement: join(reactRouterDist, "index.mjs") },
  { find: /^react-router\/dom$/, replacement: join(reactRouterDist, "dom-export.mjs") },
  // react-i18next imports a shim of useSyncExternalStore for React 17; React 19 has the hook.
  { find: /^use-sync-external-store\/shim$/, replacement: fileURLToPath(new URL("./use-sync-external-store.ts", import.meta.url)) },
];

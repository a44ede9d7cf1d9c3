// Stands in for `use-sync-external-store/shim` in browser bundles (generator/bundle/aliases.ts).
export { useSyncExternalStore } from "react";

// V8's explicit compile hint on the runtime's entry chunk. Nearly every function in it runs during
// start-up, so V8 compiles them all while the file streams in, on a background thread. Otherwise it
// compiles them one by one on first call, inside the first render's tasks on the main thread
// (docs/performance.md, "Compiled while it downloads"). Chrome 136+ reads the comment; other
// browsers see a comment.
import type { Plugin } from "vite";

/** Must open the file. */
export const ENTRY_COMPILE_HINT = "//# allFunctionsCalledOnLoad";

/** Puts the hint at the top of every entry chunk, after minification (which drops comments). */
export function entryCompileHint(): Plugin {
  return {
    name: "storefront-entry-compile-hint",
    apply: "build",
    // After Vite's own generateBundle, which puts its preload map at the top of the file.
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle))
          if (chunk.type === "chunk" && chunk.isEntry) chunk.code = `${ENTRY_COMPILE_HINT}\n${chunk.code}`;
      },
    },
  };
}

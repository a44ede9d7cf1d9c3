// Lets the bundler drop the parts of React Router a bundle never uses. Its production build wraps
// Link, NavLink and Form in `React.forwardRef(…)` and its data routes in `React.memo(…)` at the top
// level, without the pure mark its other calls carry, and names each with a
// `X.displayName = "…"` statement. To the bundler both are side effects, so all three components,
// and everything they reach (prefetch links, form submission, view transitions), stay in the entry
// chunk whether or not anything renders them. Marking the wrappers pure and dropping the names
// (read only by developer tools) leaves them to tree-shaking like any other unused code
// (docs/performance.md, "Initial JavaScript: the 123 KB headroom").
import type { Plugin } from "vite";

/** React Router's production build, which the runtime's aliases point at (./aliases.ts). */
const REACT_ROUTER_BUILD = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/][^\\/]+\.mjs$/;

// `var Link = React10.forwardRef(` becomes `var Link = /* @__PURE__ */ React10.forwardRef(`.
const UNMARKED_WRAPPER = /^(var [\w$]+ = )([\w$]+\.(?:forwardRef|memo)\()/gm;

// A top-level `Link.displayName = "Link";` line.
const DISPLAY_NAME = /^[\w$]+\.displayName = "[^"\n]*";$/gm;

/** The source with its top-level React wrappers marked pure and their display names dropped (lines kept, for source maps). */
export function markReactWrappersPure(code: string): string {
  return code.replace(UNMARKED_WRAPPER, "$1/* @__PURE__ */ $2").replace(DISPLAY_NAME, "");
}

export function pureReactWrappers(): Plugin {
  return {
    name: "storefront-pure-react-wrappers",
    apply: "build",
    transform: {
      filter: { id: REACT_ROUTER_BUILD },
      handler(code) {
        const marked = markReactWrappersPure(code);
        return marked === code ? null : { code: marked, map: null };
      },
    },
  };
}

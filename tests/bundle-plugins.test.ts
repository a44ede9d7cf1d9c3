// The build's own plugins that decide what goes into the first script (generator/bundle/): they
// match the shape of the installed libraries, so a library that changes shape fails here, not by a
// silent kilobyte more in every player's download.
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { markReactWrappersPure } from "../generator/bundle/pure-wrappers.ts";

const require = createRequire(import.meta.url);
const reactRouterBuild = join(dirname(require.resolve("react-router/package.json")), "dist", "production");
const routerModules = readdirSync(reactRouterBuild)
  .filter((f) => f.endsWith(".mjs"))
  .map((f) => readFileSync(join(reactRouterBuild, f), "utf8"));

const unmarkedWrappers = (code: string) => code.match(/^var [\w$]+ = [\w$]+\.(?:forwardRef|memo)\(/gm) ?? [];
const displayNames = (code: string) => code.match(/^[\w$]+\.displayName = /gm) ?? [];

describe("React Router's wrappers marked pure", () => {
  it("marks a top-level forwardRef or memo pure and drops display names, keeping every line", () => {
    const code = [
      "var Link = React10.forwardRef(",
      "  function LinkWithRef(props, ref) { return null; }",
      ");",
      'Link.displayName = "Link";',
      "var MemoizedDataRoutes = React3.memo(DataRoutes2);",
      'function useThing() { let Inner = React10.forwardRef(render); Inner.displayName = "x"; }',
    ].join("\n");
    expect(markReactWrappersPure(code).split("\n")).toEqual([
      "var Link = /* @__PURE__ */ React10.forwardRef(",
      "  function LinkWithRef(props, ref) { return null; }",
      ");",
      "",
      "var MemoizedDataRoutes = /* @__PURE__ */ React3.memo(DataRoutes2);",
      // Inside a function it is no module side effect: left as it is.
      'function useThing() { let Inner = React10.forwardRef(render); Inner.displayName = "x"; }',
    ]);
  });

  it("leaves the installed React Router build no unmarked wrapper and no display name", () => {
    const before = routerModules.flatMap(unmarkedWrappers);
    // Link, NavLink and Form: what the plugin is for. If the build stops having them, this plugin has no more job.
    expect(before.join("\n")).toMatch(/var Link = /);
    expect(before.join("\n")).toMatch(/var Form = /);
    const after = routerModules.map(markReactWrappersPure);
    expect(after.flatMap(unmarkedWrappers)).toEqual([]);
    expect(after.flatMap(displayNames)).toEqual([]);
  });
});

// Comments and docs tell the truth about the tree: every repository path a comment or a doc names
// exists (a file moved is a comment to fix), and they cite the project's own docs, not documents a
// reader of the repository does not have.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, normalize, relative } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");

const tracked = execFileSync("git", ["ls-files"], { cwd: root, encoding: "utf8" })
  .split("\n")
  .filter((f) => f && !/^tests\/(fixtures|__snapshots__)\//.test(f) && existsSync(join(root, f)));

/** The commented parts of a file (its whole text for a doc), by kind. */
function commentsOf(file: string, text: string): string {
  if (/\.md$/.test(file)) return text;
  if (/\.(sh|ya?ml)$/.test(file) || file.startsWith(".ci/")) {
    return text
      .split("\n")
      .map((line) => /(?:^|\s)#(.*)$/.exec(line)?.[1] ?? "")
      .join("\n");
  }
  if (/\.hbs$/.test(file)) return [...text.matchAll(/\{\{!--([\s\S]*?)--\}\}|<!--([\s\S]*?)-->/g)].map((m) => m[1] ?? m[2]).join("\n");
  if (/\.(tsx?|[cm]?js|css)$/.test(file)) {
    const blocks = [...text.matchAll(/\/\*([\s\S]*?)\*\//g)].map((m) => m[1]);
    // A line comment: `//` at the start of a line or after a space, never a URL's `://`.
    const lines = text.split("\n").map((line) => /(?:^|[\s;,)])\/\/(.*)$/.exec(line)?.[1] ?? "");
    return [...blocks, ...lines].join("\n");
  }
  return "";
}

const TOP = "(?:core|generator|server|runtime|cli|tests|e2e|bench|scripts|docs|schema|templates|locales|\\.ci)";
const PATH = new RegExp(
  `(?<![\\w./-])((?:\\.{1,2}/)*)(${TOP}/[\\w./@-]*[\\w-]\\.(?:tsx?|[cm]?js|css|md|json|sh|hbs|ya?ml|svg|sql|png|jpg|webmanifest))(?![\\w*<>{])`,
  "g",
);

/** A path relative to the file that names it: a dot or two, a slash, a file name. */
const RELATIVE = /(?<![\w./-])(\.{1,2}\/[\w./@-]*[\w-]\.(?:tsx?|[cm]?js|css|md|json|sh|hbs|ya?ml|sql))(?![\w*<>{])/g;

/** Written by a command, not tracked: named by the docs of the command that writes them. */
const OUTPUTS = new Set(["bench/results.json", "bench/web.json"]);

describe("comments and docs", () => {
  it("name only repository paths that exist", () => {
    const missing: string[] = [];
    for (const file of tracked) {
      const comments = commentsOf(file, readFileSync(join(root, file), "utf8"));
      for (const [, up, path] of comments.matchAll(PATH)) {
        if (!path || /(^|\/)generated\//.test(path) || OUTPUTS.has(path)) continue;
        const fromRoot = join(root, path);
        const fromFile = normalize(join(root, dirname(file), `${up ?? ""}${path}`));
        if (!existsSync(fromRoot) && !existsSync(fromFile)) missing.push(`${file}: ${relative(root, fromRoot)}`);
      }
      for (const [, path] of comments.matchAll(RELATIVE)) {
        if (!path || /(^|\/)generated\//.test(path) || /\.md$/.test(file)) continue;
        if (!existsSync(join(root, dirname(file), path))) missing.push(`${file}: ${path}`);
      }
    }
    expect(tracked.length).toBeGreaterThan(400);
    expect(missing).toEqual([]);
  });

  it("cite the project's own docs, never the product specification or its notes, which live outside the repository", () => {
    // A section of those documents, anywhere; "the spec" in code, where a comment must give the reason
    // itself (docs/decisions.md records, in prose, where the product's choices differ from its brief).
    const SECTION = /spec §|\bSPEC-NOTES\b|storefront-spec\.md|\bspec-notes\b/i;
    const THE_SPEC = /\bthe spec\b|\bspec's\b/i;
    const citing = tracked.flatMap((file) => {
      if (file === "tests/docs-paths.test.ts" || /\.(png|jpg|svg|ico|woff2?)$/.test(file)) return [];
      const inCode = !file.endsWith(".md");
      return readFileSync(join(root, file), "utf8")
        .split("\n")
        .flatMap((line, i) =>
          SECTION.test(line) || (inCode && THE_SPEC.test(line)) ? [`${file}:${i + 1}: ${line.trim().slice(0, 100)}`] : [],
        );
    });
    expect(citing).toEqual([]);
  });
});

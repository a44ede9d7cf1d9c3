// Every word a player sees comes from the locales or the platform: no JSX text and no accessible name
// in runtime/ is written in the code (it would be English in all 18 languages).
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");
const files = [...new Set(ts.sys.readDirectory(join(root, "runtime"), [".tsx"]))].sort();

/** Attributes a player hears or sees. */
const SPOKEN = new Set([
  "aria-label",
  "aria-description",
  "aria-roledescription",
  "aria-valuetext",
  "title",
  "alt",
  "placeholder",
  "label",
]);
/** A word: two letters of any script in a row (a lone glyph such as the info button's "i" is a symbol). */
const WORD = /\p{L}{2}/u;

/** `file:line "text"` for each word written in the code of a .tsx source. */
function wordsInCode(file: string, source: string): string[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const at = (node: ts.Node, text: string) =>
    found.push(`${relative(root, file)}:${tree.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${JSON.stringify(text.trim())}`);
  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node) && WORD.test(node.text)) at(node, node.text);
    else if (ts.isJsxExpression(node) && node.expression && ts.isStringLiteral(node.expression) && WORD.test(node.expression.text))
      at(node, node.expression.text);
    else if (ts.isJsxAttribute(node) && SPOKEN.has(node.name.getText(tree)) && node.initializer && ts.isStringLiteral(node.initializer)) {
      if (WORD.test(node.initializer.text)) at(node, node.initializer.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

describe("words in the runtime's code", () => {
  it("finds a bare word in text, in a string child and in an accessible name, and passes keys and symbols", () => {
    const sample = `export const A = () => (
      <div aria-label="Close" title={t("x")} alt="">
        <span>OFF</span>
        {"Loading"}
        <b>{t("coupon.stamp")}</b> ×{n} · 5%
        <button type="button">i</button>
      </div>
    );`;
    expect(wordsInCode(join(root, "runtime", "sample.tsx"), sample)).toEqual([
      'runtime/sample.tsx:2 "Close"',
      'runtime/sample.tsx:3 "OFF"',
      'runtime/sample.tsx:4 "Loading"',
    ]);
  });

  it("has none in runtime/**/*.tsx", () => {
    expect(files.length).toBeGreaterThan(20);
    expect(files.flatMap((file) => wordsInCode(file, readFileSync(file, "utf8")))).toEqual([]);
  });
});

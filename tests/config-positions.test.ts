// Where a value is: the positions js-yaml's listener records (core/node/config/source-map.ts) are the
// ones the `yaml` package's document gives, for every key and value of the demo config and of many
// mutations of a small one, so a diagnostic points where an editor would.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isMap, isScalar, isSeq, LineCounter, type Node, parseDocument } from "yaml";
import { joinPointer, parseSource } from "../core/node/config/load.ts";
import { DEMO_CONFIG } from "./demo-config.ts";

const minimal = readFileSync(join(import.meta.dirname, "fixtures", "valid", "minimal.yaml"), "utf8");

interface Expected {
  pointer: string;
  key: boolean;
  start: string;
  /** Only for scalars: a collection's end is where the `yaml` package puts its trailing break. */
  end?: string;
}

/** Every key and value with its place, from the `yaml` package (written apart from the source map on purpose). */
function expectedPlaces(text: string): Expected[] | undefined {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true });
  if (doc.errors.length > 0 || text.includes("<<")) return undefined;
  const at = (offset: number) => {
    const p = lineCounter.linePos(offset);
    return `${p.line}:${p.col}`;
  };
  const places: Expected[] = [];
  const add = (node: Node | null, pointer: string, key: boolean) => {
    if (!node?.range) return;
    const scalar = isScalar(node) && node.source !== "" && node.value !== null;
    places.push({ pointer, key, start: at(node.range[0]), ...(scalar ? { end: at(node.range[1]) } : {}) });
  };
  const walk = (node: unknown, pointer: string) => {
    if (isMap(node)) {
      for (const pair of node.items) {
        if (!isScalar(pair.key)) continue;
        const at = pointer + joinPointer(String(pair.key.value));
        add(pair.key, at, true);
        add(pair.value as Node | null, at, false);
        walk(pair.value, at);
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, i) => {
        add(item as Node | null, pointer + joinPointer(i), false);
        walk(item, pointer + joinPointer(i));
      });
    }
  };
  walk(doc.contents, "");
  return places;
}

function actualPlaces(text: string, expected: Expected[]): Expected[] {
  const { source } = parseSource("f.yaml", text);
  return expected.map(({ pointer, key, end }) => {
    const span = source.locate(pointer, { key });
    return {
      pointer,
      key,
      start: `${span.start.line}:${span.start.column}`,
      ...(end ? { end: `${span.end.line}:${span.end.column}` } : {}),
    };
  });
}

describe("the source map", () => {
  it("places every key and value of the demo config where the yaml package does", () => {
    const text = readFileSync(DEMO_CONFIG, "utf8");
    const expected = expectedPlaces(text) ?? [];
    expect(expected.length).toBeGreaterThan(900);
    expect(actualPlaces(text, expected)).toEqual(expected);
  });

  it("places keys, values, anchors, aliases, quoted and block values, flow and empty entries alike", () => {
    const text = [
      "a: &anchor\n  x: #1f6feb\n  y: 1\n",
      "b: *anchor\n",
      'c: "multi\n  line" # after\n',
      "d:\n  - one\n  - [two, {three: 3}]\n",
      "e: |\n  text # not a comment\n  more\n",
      "f: !!str 12 # tagged\n",
      "'g': plain  words  # trailing\n",
      "h:\n\n  # a comment line\n  i: last\n",
    ].join("");
    const expected = expectedPlaces(text) ?? [];
    expect(expected.length).toBeGreaterThan(20);
    expect(actualPlaces(text, expected)).toEqual(expected);
  });

  it("places every key and value of 300 mutations of a small config where the yaml package does", () => {
    const edits = fc.array(
      fc.record({
        at: fc.nat({ max: minimal.length }),
        insert: fc.constantFrom(" ", "\n", "# c\n", "'", '"', "&a ", "- ", "x: ", "{", "}", "[", "]", ", ", "|\n", ">-\n", "!!str "),
      }),
      { minLength: 1, maxLength: 4 },
    );
    let compared = 0;
    fc.assert(
      fc.property(edits, (list) => {
        const text = list.reduce((t, e) => t.slice(0, e.at) + e.insert + t.slice(e.at), minimal);
        const expected = expectedPlaces(text);
        if (!expected || parseSource("f.yaml", text).source.data === undefined) return;
        compared++;
        expect(actualPlaces(text, expected)).toEqual(expected);
      }),
      { seed: 20261128, numRuns: 300 },
    );
    expect(compared).toBeGreaterThan(50);
  });

  it("tells a comment from a '#' in a value, and names what each comment is about", () => {
    const text = [
      "a:",
      "  b: x # after a value",
      '  c: "a # in quotes" # after quotes',
      "  # alone, before d",
      "  d: { e: 1 } # after a flow map",
      "f: |",
      "  # in a block value",
      "g:",
      "  - 1 # after an item",
      "# at the end",
      "",
    ].join("\n");
    const { source } = parseSource("f.yaml", text);
    expect(source.comments().map((c) => [c.start.line, c.start.column, c.text, c.pointer])).toEqual([
      [2, 8, "# after a value", "/a/b"],
      [3, 22, "# after quotes", "/a/c"],
      [4, 3, "# alone, before d", "/a/d"],
      [5, 15, "# after a flow map", "/a/d"],
      [9, 7, "# after an item", "/g/0"],
      [10, 1, "# at the end", undefined],
    ]);
    expect(source.comments(/^#\s*alone/).map((c) => c.pointer)).toEqual(["/a/d"]);
  });
});

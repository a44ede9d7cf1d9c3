// Reads brands.yaml keeping source positions, so any JSON pointer maps back to line and column.
import { readFile } from "node:fs/promises";
import { isMap, isPair, isScalar, isSeq, LineCounter, type Node, parseDocument, type YAMLMap } from "yaml";
import { catalogue, type Diagnostic, type DiagnosticName } from "./diagnostics.ts";

export interface SourceFile {
  file: string;
  text: string;
  /** Plain data, or undefined when the YAML could not be parsed at all. */
  data: unknown;
  locate(pointer: string, opts?: { key?: boolean }): { line: number; column: number };
  /** Make a diagnostic located at a pointer (at the key of the last segment when `key`). */
  diag(name: DiagnosticName, pointer: string, message: string, opts?: { hint?: string; key?: boolean }): Diagnostic;
}

export class UnreadableFileError extends Error {}

export async function loadSource(file: string): Promise<{ source: SourceFile; diagnostics: Diagnostic[] }> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? "unknown";
    throw new UnreadableFileError(`cannot read ${file} (${code})`);
  }
  return parseSource(file, text);
}

export function parseSource(file: string, text: string): { source: SourceFile; diagnostics: Diagnostic[] } {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false, strict: true, merge: true });
  const pos = (offset: number) => {
    const p = lineCounter.linePos(Math.max(0, Math.min(offset, text.length)));
    return { line: p.line, column: p.col };
  };

  const locate = (pointer: string, opts: { key?: boolean } = {}) => {
    const segments = pointerSegments(pointer);
    let node: Node | null | undefined = doc.contents as Node | null;
    let keyNode: Node | undefined;
    let found = node;
    for (const seg of segments) {
      keyNode = undefined;
      if (isMap(node)) {
        const pair = (node as YAMLMap).items.find((p) => isPair(p) && keyString(p.key) === seg);
        if (!pair) break;
        keyNode = pair.key as Node;
        node = pair.value as Node | null;
        found = node ?? keyNode;
      } else if (isSeq(node)) {
        const item = node.items[Number(seg)] as Node | undefined;
        if (!item) break;
        node = item;
        found = item;
      } else break;
    }
    const target = opts.key && keyNode ? keyNode : found;
    const offset = target?.range?.[0] ?? 0;
    return pos(offset);
  };

  const source: SourceFile = {
    file,
    text,
    data: undefined,
    locate,
    diag(name, pointer, message, opts = {}) {
      const { line, column } = locate(pointer, { key: opts.key });
      const hint = opts.hint ?? catalogue[name].hint;
      return { name, severity: catalogue[name].severity, file, line, column, pointer, message, ...(hint ? { hint } : {}) };
    },
  };

  const diagnostics: Diagnostic[] = [];
  for (const err of [...doc.errors, ...doc.warnings]) {
    const name: DiagnosticName = err.code === "DUPLICATE_KEY" ? "duplicate-key" : "yaml-syntax";
    const { line, column } = pos(err.pos[0]);
    const key = /^["']?([^"':\n]+)["']?\s*:/.exec(text.slice(err.pos[0]))?.[1]?.trim();
    const message =
      name === "duplicate-key" && key
        ? `duplicate key '${key}'`
        : (err.message.split("\n")[0]?.replace(/ at line \d+, column \d+.*$/, "") ?? "invalid YAML");
    const hint = catalogue[name].hint;
    diagnostics.push({ name, severity: "error", file, line, column, pointer: "", message, hint });
  }
  if (diagnostics.length === 0) source.data = doc.toJS({ maxAliasCount: 100 });
  return { source, diagnostics };
}

function keyString(key: unknown): string | undefined {
  if (isScalar(key)) return String(key.value);
  return typeof key === "string" ? key : undefined;
}

export function pointerSegments(pointer: string): string[] {
  if (pointer === "" || pointer === "/") return [];
  return pointer
    .slice(1)
    .split("/")
    .map((s) => s.replace(/~1/g, "/").replace(/~0/g, "~"));
}

export function joinPointer(...segments: (string | number)[]): string {
  return segments.map((s) => `/${String(s).replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");
}

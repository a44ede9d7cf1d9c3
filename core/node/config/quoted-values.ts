// A quote left open: YAML lets a quoted value span lines, so a title whose closing quote is missing
// runs on until the next quote in the file and swallows the keys between as its text. The file still
// parses, and the swallowed keys are simply gone; this finds such a value where the file says it.
import type { Diagnostic } from "./diagnostics.ts";
import { clip } from "./diagnostics.ts";
import type { SourceFile } from "./load.ts";
import { forEachString } from "./loose.ts";

/** A line that reads as a map key of its own (`  icon: …`, `- id: …`), not as text that goes on. */
const KEY_LINE = /^\s*(?:-\s+)?["']?[A-Za-z_$][\w$-]*["']?:(?:\s|$)/;

/** A folded value that holds `: ` somewhere: the cheap (linear) test before its source is read. */
const HOLDS_COLON = /:\s/;

export function quotedValueTraps(source: SourceFile, skip?: ReadonlySet<number>): Diagnostic[] {
  const out: Diagnostic[] = [];
  forEachString(
    source.data,
    (text, pointerOf) => {
      if (!HOLDS_COLON.test(text)) return;
      const pointer = pointerOf();
      const written = source.sourceOf(pointer);
      const quote = written?.charAt(0);
      if (!written || (quote !== '"' && quote !== "'")) return;
      const [, ...rest] = written.split(/\r\n|\r|\n/);
      const keys = rest.filter((line) => KEY_LINE.test(line));
      if (keys.length === 0) return;
      const start = source.locate(pointer).start.line;
      const swallowed = keys.map((line) => `'${clip(line.trim().split(":")[0] ?? "", 40)}'`).join(", ");
      out.push(
        source.diag(
          "quoted-value-spans-keys",
          pointer,
          `this quoted value runs over ${rest.length} more line${rest.length > 1 ? "s" : ""} and holds ${keys.length > 1 ? "keys" : "the key"} ${swallowed} as text: its closing ${quote === '"' ? "double" : "single"} quote is missing`,
          { hint: `close the quote on line ${start}: ${clip(source.lineAt(start).trim(), 60)}${quote}` },
        ),
      );
    },
    skip,
  );
  return out;
}

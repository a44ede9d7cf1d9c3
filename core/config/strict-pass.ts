// `gen validate --strict`, for CI before a deploy: what validates but must not go live — the TODO
// markers `gen new-brand` leaves, and hosts, origins and links on reserved example domains.
import { catalogue, type Diagnostic, type DiagnosticName } from "./diagnostics.ts";
import { joinPointer, type SourceFile } from "./load.ts";
import { arr, obj, str } from "./loose.ts";

/** RFC 2606 / 6761 names that never reach a server. */
const RESERVED = /(^|\.)(example|test|invalid)$|(^|\.)example\.(com|net|org)$/;

const hostOf = (value: string): string | undefined => {
  try {
    return /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? new URL(value).hostname : value.includes("@") ? value.split("@").pop() : value;
  } catch {
    return undefined;
  }
};

function todoMarkers(source: SourceFile): Diagnostic[] {
  const out: Diagnostic[] = [];
  source.text.split(/\r\n|\r|\n/).forEach((line, i) => {
    const at = line.search(/#\s*TODO\b/);
    if (at < 0) return;
    const name: DiagnosticName = "todo-marker";
    out.push({
      name,
      severity: catalogue[name].severity,
      file: source.file,
      line: i + 1,
      column: at + 1,
      endLine: i + 1,
      endColumn: line.length + 1,
      pointer: "",
      message: `a TODO is left here: ${line.slice(at + 1).trim()}`,
      hint: catalogue[name].hint,
    });
  });
  return out;
}

function placeholders(source: SourceFile): Diagnostic[] {
  const out: Diagnostic[] = [];
  arr(obj(source.data).brands).forEach((raw, i) => {
    const brand = obj(raw);
    const values: [string[], unknown][] = [];
    for (const mode of ["production", "demo"]) {
      for (const [j, h] of arr(obj(brand.hosts)[mode]).entries()) values.push([["hosts", mode, String(j)], h]);
    }
    for (const mode of ["production", "demo"]) {
      const api = obj(obj(brand.api)[mode]);
      values.push([["api", mode, "primary"], api.primary], [["api", mode, "tracking"], api.tracking]);
      for (const [j, b] of arr(api.backup).entries()) values.push([["api", mode, "backup", String(j)], b]);
    }
    for (const [key, link] of Object.entries(obj(brand.links))) values.push([["links", key], link]);
    for (const [key, value] of Object.entries(obj(brand.support))) values.push([["support", key], value]);
    for (const [path, value] of values) {
      const text = str(value);
      const host = text ? hostOf(text) : undefined;
      if (!text || !host || !RESERVED.test(host)) continue;
      out.push(
        source.diag(
          "placeholder-value",
          joinPointer("brands", i, ...path),
          `'${text}' is on the reserved name '${host}', which never resolves`,
        ),
      );
    }
    // gen new-brand's own login client ids (<id>-login-<area>): stand-ins until the provider issues one.
    for (const [area, a] of Object.entries(obj(brand.areas))) {
      const login = str(obj(a).loginClientId);
      if (login && login === `${str(brand.id)}-login-${area}`) {
        out.push(
          source.diag(
            "placeholder-value",
            joinPointer("brands", i, "areas", area, "loginClientId"),
            `login client id '${login}' is gen new-brand's placeholder`,
            {
              hint: "use the login client id the identity provider issued for this brand and area",
            },
          ),
        );
      }
    }
  });
  return out;
}

export function strictPass(source: SourceFile): Diagnostic[] {
  return source.data === undefined ? [] : [...todoMarkers(source), ...placeholders(source)];
}

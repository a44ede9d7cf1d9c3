// The YAML parser's errors as diagnostics for an operator: each parser code under its own name, with
// a message about the file (not advice to a programmer of the library) and a hint for that error.
import { catalogue, type DiagnosticName } from "./catalogue.ts";

/** The yaml package's error codes, each under its own name (the rest are plain yaml-syntax). */
const YAML_CODES: Record<string, DiagnosticName> = {
  DUPLICATE_KEY: "duplicate-key",
  BAD_INDENT: "yaml-bad-indent",
  TAB_AS_INDENT: "yaml-tab-indent",
  MISSING_CHAR: "yaml-missing-char",
  BLOCK_AS_IMPLICIT_KEY: "yaml-implicit-key",
  MULTILINE_IMPLICIT_KEY: "yaml-implicit-key",
  KEY_OVER_1024_CHARS: "yaml-implicit-key",
  UNEXPECTED_TOKEN: "yaml-unexpected-token",
  BAD_DQ_ESCAPE: "yaml-bad-escape",
  BAD_ALIAS: "yaml-bad-alias",
  ALIAS_PROPS: "yaml-bad-alias",
  MULTIPLE_DOCS: "yaml-multiple-documents",
  BAD_SCALAR_START: "yaml-reserved-indicator",
  TAG_RESOLVE_FAILED: "yaml-bad-tag",
  BAD_COLLECTION_TYPE: "yaml-bad-tag",
  MULTIPLE_ANCHORS: "yaml-multiple-anchors",
  MULTIPLE_TAGS: "yaml-multiple-tags",
  BLOCK_IN_FLOW: "yaml-block-in-flow",
  BAD_DIRECTIVE: "yaml-bad-directive",
  BAD_PROP_ORDER: "yaml-property-order",
  RESOURCE_EXHAUSTION: "alias-amplification",
};

export const yamlDiagnosticName = (code: string): DiagnosticName => YAML_CODES[code] ?? "yaml-syntax";

export interface YamlProblem {
  name: DiagnosticName;
  message: string;
  hint: string | undefined;
}

/** YAML's core tags by their long name, as a file writes them. */
const shortTag = (tag: string) => tag.replace(/^tag:yaml\.org,2002:/, "!!");

/** The plain value starting at `offset`, up to a comment or the end of its line. */
const plainValueAt = (text: string, offset: number) => (/^[^\n\r]*?(?=\s+#|\s*$)/m.exec(text.slice(offset))?.[0] ?? "").trim();

const quoted = (value: string) => `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;

/** One parser error as a diagnostic's name, message and hint; `text` is the file, `pos` the error's range. */
export function describeYamlError(code: string, parserMessage: string, text: string, pos: [number, number]): YamlProblem {
  const name = yamlDiagnosticName(code);
  const fallback = { name, message: parserMessage.split("\n")[0] ?? "invalid YAML", hint: catalogue[name].hint };
  const written = text.slice(pos[0], pos[1]);
  switch (code) {
    case "BAD_SCALAR_START": {
      const value = plainValueAt(text, pos[0]);
      const char = value.charAt(0);
      return {
        name,
        message: `a value cannot start with '${char}' unless it is quoted: YAML reserves the character`,
        hint: value ? `write it in quotes: ${quoted(value)}` : catalogue[name].hint,
      };
    }
    case "TAG_RESOLVE_FAILED":
    case "BAD_COLLECTION_TYPE": {
      const tag = written.startsWith("!") ? (written.split(/\s/)[0] ?? written) : shortTag(/tag: (\S+)/.exec(parserMessage)?.[1] ?? "");
      const known = tag.startsWith("!!");
      return {
        name,
        message: known ? `the tag '${tag}' does not fit this value` : `'${tag}' is not a tag YAML knows`,
        hint: `remove the tag '${tag}': brands.yaml needs none (quote a value to keep it as text)`,
      };
    }
    case "MULTIPLE_ANCHORS":
      return { name, message: `a second anchor '${written}' on one value`, hint: catalogue[name].hint };
    case "MULTIPLE_TAGS":
      return { name, message: `a second tag '${written}' on one value`, hint: catalogue[name].hint };
    case "MULTIPLE_DOCS":
      return {
        name,
        message: "a second YAML document starts here ('---'): brands.yaml is one document, and what follows would be ignored",
        hint: catalogue[name].hint,
      };
    case "BLOCK_IN_FLOW":
      return { name, message: "a block list or map inside brackets [ ] or braces { }", hint: catalogue[name].hint };
    case "BAD_DIRECTIVE": {
      const line =
        text
          .slice(text.lastIndexOf("\n", pos[0]) + 1)
          .split(/\r\n|\r|\n/)[0]
          ?.trim() ?? "";
      const reason = parserMessage.charAt(0).toLowerCase() + parserMessage.slice(1);
      return { name, message: `the directive '${line}' cannot be applied: ${reason}`, hint: catalogue[name].hint };
    }
    case "BAD_PROP_ORDER":
      return { name, message: `an anchor or tag before the '${written}' indicator`, hint: catalogue[name].hint };
    case "ALIAS_PROPS":
      return { name, message: `the alias '${written}' carries an anchor or a tag, which an alias cannot have`, hint: catalogue[name].hint };
    default:
      return fallback;
  }
}

/** An alias to an anchor nothing above it defines. */
export function undefinedAlias(alias: string): YamlProblem {
  return {
    name: "yaml-bad-alias",
    message: `alias '*${alias}' refers to no anchor: nothing above it is named '&${alias}'`,
    hint: `name the value to repeat with '&${alias}' above this line, or write the value out`,
  };
}

/**
 * Characters YAML does not allow in a file (YAML 1.2 §5.1): C0 controls but tab and line breaks,
 * DEL, C1 controls but NEL, and the non-characters U+FFFE and U+FFFF.
 */
export const CONTROL_CHARACTER = /(?![\t\n\r\u0085])[\p{Cc}\ufffe\uffff]/gu;

export const codePoint = (c: string) => `U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`;

export function controlCharacter(char: string): YamlProblem {
  const what = char === "\u0000" ? "a NUL byte" : "an invisible control character";
  return {
    name: "yaml-control-character",
    message: `${what} (${codePoint(char)}) is not allowed in YAML`,
    hint: `delete the invisible character <${codePoint(char)}>: it usually comes from a binary file or a bad copy`,
  };
}

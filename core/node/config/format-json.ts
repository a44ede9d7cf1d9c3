// The machine formats of diagnostics: the versioned JSON report and GitHub workflow annotations.
import type { DiagnosticName, Severity } from "./catalogue.ts";
import { type Diagnostic, docsLink, JSON_FORMAT_VERSION } from "./diagnostic.ts";

export interface JsonReport {
  version: number;
  tool: string;
  summary: { errors: number; warnings: number; files: number };
  diagnostics: {
    name: DiagnosticName;
    severity: Severity;
    file: string;
    start: { line: number; column: number };
    end: { line: number; column: number };
    pointer: string;
    message: string;
    hint?: string;
    docs: string;
  }[];
}

export function jsonReport(list: Diagnostic[], files?: readonly string[]): JsonReport {
  const errors = list.filter((d) => d.severity === "error").length;
  return {
    version: JSON_FORMAT_VERSION,
    tool: "gen",
    summary: { errors, warnings: list.length - errors, files: files?.length ?? new Set(list.map((d) => d.file)).size },
    diagnostics: list.map((d) => ({
      name: d.name,
      severity: d.severity,
      file: d.file,
      start: { line: d.line, column: d.column },
      end: { line: d.endLine ?? d.line, column: d.endColumn ?? d.column },
      pointer: d.pointer,
      message: d.message,
      ...(d.hint ? { hint: d.hint } : {}),
      docs: docsLink(d.name),
    })),
  };
}

// GitHub workflow annotations

// GitHub workflow commands need %, CR and LF escaped in the message and , : in properties.
const escapeData = (s: string) => s.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, "%3A").replace(/,/g, "%2C");

/** One GitHub workflow annotation line (`::error file=…,line=…::message`), escaped; every command that reports problems writes them so. */
export function githubAnnotation(
  severity: string,
  at: { file: string; line: number; column?: number; endLine?: number; endColumn?: number; title: string },
  message: string,
): string {
  const col = at.column === undefined ? "" : `,col=${at.column}`;
  const end = at.endLine === undefined ? "" : `,endLine=${at.endLine}${at.endColumn === undefined ? "" : `,endColumn=${at.endColumn}`}`;
  return `::${severity} file=${escapeProperty(at.file)},line=${at.line}${col}${end},title=${escapeProperty(at.title)}::${escapeData(message)}\n`;
}

export function formatGithub(d: Diagnostic): string {
  const title = `${d.name} at ${d.pointer || "/"}`;
  return githubAnnotation(d.severity, { ...d, title }, d.hint ? `${d.message} (hint: ${d.hint})` : d.message);
}

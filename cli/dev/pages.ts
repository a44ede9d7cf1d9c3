// The pages `gen dev` makes itself: the page's CSP with what Vite's client needs, the list of stores
// on the bare address, and the error overlay of an invalid config.
import { basename } from "node:path";
import Handlebars from "handlebars";
import { codeFrame, type Diagnostic, formatDiagnostics } from "../../core/node/config/diagnostics.ts";
import { sha256 } from "../../generator/emit/site.ts";
import { plural } from "../../generator/terminal.ts";
import { brandUrls, type HostMap } from "../serve-shared.ts";

/** Vite's error payload (the overlay's input). */
export interface OverlayError {
  message: string;
  stack: string;
  id?: string;
  plugin?: string;
  frame?: string;
  loc?: { file: string; line: number; column: number };
}

/**
 * The production page's CSP with what Vite's development client needs, and nothing else: its
 * inline scripts (the React refresh preamble) by hash, and inline styles (CSS modules and the error
 * overlay are injected as <style> elements). Everything else (connect-src 'self' covers the HMR
 * WebSocket of the same origin) stays as in production, so a violation shows up while developing.
 */
export function devCsp(html: string): string {
  const inline = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => `'${sha256(m[1] ?? "")}'`);
  return html.replace(/(http-equiv="Content-Security-Policy" content=")([^"]+)"/, (_all, start: string, policy: string) => {
    const directives = policy.split(/;\s*/).map((d) => {
      if (d.startsWith("script-src ")) return [d, ...inline].join(" ");
      if (d.startsWith("style-src ")) return "style-src 'self' 'unsafe-inline'";
      return d;
    });
    return `${start}${directives.join("; ")}"`;
  });
}

/** The page on http://localhost:PORT/: every store's links. */
export function storeList(hosts: HostMap, port: number): string {
  const esc = Handlebars.Utils.escapeExpression;
  const link = (u: string) => `<a href="${esc(u)}">${esc(u)}</a>`;
  const items = brandUrls(hosts, port).map((b) => `<li>${esc(b.brand)}: ${[...b.production, ...b.demo].map(link).join(" · ")}</li>`);
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; base-uri 'none'">` +
    `<title>gen dev</title></head><body><h1>gen dev</h1><p>Each store is served on its own host (production preview, then demo):</p>` +
    `<ul>${items.join("")}</ul></body></html>`
  );
}

/** The overlay: every diagnostic as `gen validate` prints it, the first error's place and its source lines. */
export function overlayError(file: string, absolute: string, text: string, diagnostics: Diagnostic[]): OverlayError {
  const errors = diagnostics.filter((d) => d.severity === "error");
  const firstError = errors[0];
  return {
    message:
      `${basename(file)} is invalid (${plural(errors.length, "error")}); the store keeps serving the last good build. ` +
      `Save a fixed file and this page reloads.\n\n${formatDiagnostics(diagnostics, "text", false)}`,
    stack: "",
    id: absolute,
    plugin: "gen validate",
    ...(firstError
      ? {
          loc: { file: absolute, line: firstError.line, column: firstError.column },
          frame: codeFrame(text, firstError.line, firstError.column),
        }
      : {}),
  };
}

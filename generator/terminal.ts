// Colour decisions and styling for the gen CLI: colour only on a terminal, NO_COLOR and FORCE_COLOR respected.

/**
 * Whether output to a stream should be coloured. FORCE_COLOR wins (`0` or `false` turns colour off),
 * then NO_COLOR (any non-empty value, https://no-color.org), then TERM=dumb, then: is it a terminal?
 * The same order as Node's own `hasColors`, so `FORCE_COLOR=1 gen validate | less -R` keeps colour.
 */
export function shouldColor(stream: { isTTY?: boolean } | undefined, env: NodeJS.ProcessEnv = process.env): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined) return !["0", "false"].includes(force.trim().toLowerCase());
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return false;
  if (env.TERM === "dumb") return false;
  return Boolean(stream?.isTTY);
}

export interface Style {
  red(s: string): string;
  yellow(s: string): string;
  green(s: string): string;
  cyan(s: string): string;
  bold(s: string): string;
  dim(s: string): string;
}

const sgr = (open: number, close: number) => (s: string) => `\u001b[${open}m${s}\u001b[${close}m`;
const plain = (s: string) => s;

/** ANSI styling when `color`, else the identity: callers never test the flag themselves. */
export function style(color: boolean): Style {
  if (!color) return { red: plain, yellow: plain, green: plain, cyan: plain, bold: plain, dim: plain };
  return { red: sgr(31, 39), yellow: sgr(33, 39), green: sgr(32, 39), cyan: sgr(36, 39), bold: sgr(1, 22), dim: sgr(2, 22) };
}

/** "1 error", "2 errors". */
export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** `--format text|json|github`, the same for every command that reports problems. */

// Line prompts for interactive commands: reads answers from any stream (a terminal, or a test's).
import { createInterface } from "node:readline";

export class PromptClosedError extends Error {
  constructor() {
    super("input ended before every question was answered");
  }
}

export interface Prompter {
  /**
   * Asks until `parse` accepts the answer (an empty answer means `fallback`). `parse` throws an Error
   * whose message (and `hint`, when it has one) is shown before asking again.
   */
  ask<T>(question: string, fallback: string, parse: (answer: string) => T): Promise<T>;
  close(): void;
}

export function createPrompter(input: NodeJS.ReadableStream, write: (s: string) => void): Prompter {
  // No output stream: the terminal echoes typed text itself; the question goes through `write`.
  const rl = createInterface({ input, terminal: false, crlfDelay: Number.POSITIVE_INFINITY });
  // The iterator buffers lines that arrive before the next question (piped answers).
  const lines = rl[Symbol.asyncIterator]();
  return {
    async ask(question, fallback, parse) {
      for (;;) {
        write(fallback ? `${question} [${fallback}]: ` : `${question}: `);
        const next = await lines.next();
        if (next.done) {
          write("\n");
          throw new PromptClosedError();
        }
        const answer = String(next.value).trim() || fallback;
        try {
          return parse(answer);
        } catch (err) {
          // The reason, then the hint when the error has one (did you mean …?).
          const hint = (err as { hint?: unknown }).hint;
          write(`  ${err instanceof Error ? err.message : String(err)}\n${typeof hint === "string" ? `  hint: ${hint}\n` : ""}`);
        }
      }
    },
    close: () => rl.close(),
  };
}

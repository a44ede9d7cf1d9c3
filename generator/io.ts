// Where a generator command reports and reads prompts: the command line hands it its streams (cli/io.ts), tests a buffer.
export interface Io {
  out: (s: string) => void;
  err: (s: string) => void;
  /** Colour the output (the command line decides for its streams; absent = no colour). */
  color?: boolean;
  /** Where prompts read answers; process.stdin when absent. Prompts only when it is a TTY. */
  input?: NodeJS.ReadableStream & { isTTY?: boolean };
}

/** A command used wrongly (a bad argument, a missing file or tool): the command line exits 2 with its message. */
export class UsageError extends Error {}

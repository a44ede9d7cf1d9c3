// The command line's IO: the process's streams, coloured only on a terminal (generator/terminal.ts).
import type { Io } from "../generator/io.ts";
import { shouldColor } from "../generator/terminal.ts";

/** What every command writes to and reads prompts from (one type, generator/io.ts). */
export type { Io };

export const stdio: Io = {
  out: (s) => process.stdout.write(s),
  err: (s) => process.stderr.write(s),
  get color() {
    return shouldColor(process.stdout);
  },
  input: process.stdin,
};

export const EXIT = { ok: 0, problems: 1, usage: 2 } as const;

/** Receives a command's exit code. */
export type Done = (code: number) => void;

// Where `gen diff` finds the config to compare against: a file, or a git revision (`origin/main`,
// a tag, a commit), whose config and every icon it names are taken with `git show` into a temporary
// folder, laid out as in the repository, so the base compiles exactly as it was committed.
import { execFile } from "node:child_process";
import { existsSync, statSync } from "node:fs";
import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, isAbsolute, join, posix, relative, resolve, sep } from "node:path";
import { promisify } from "node:util";
import { load } from "js-yaml";
import { UsageError } from "../io.ts";

const run = promisify(execFile);

/** A base that cannot be read: exit 2 with this message. */
export class DiffUsageError extends UsageError {}

export interface Base {
  /** The config file to compile. */
  file: string;
  /** How the report names it: the file, or `origin/main:brands.yaml (3f2a9c1)`. */
  label: string;
  /** Removes what was taken out of git. */
  dispose: () => Promise<void>;
}

async function git(cwd: string, args: string[], encoding: "utf8" | "buffer" = "utf8"): Promise<string | Buffer> {
  try {
    const { stdout } = await run("git", args, { cwd, encoding, maxBuffer: 256 * 1024 * 1024 });
    return stdout;
  } catch (err) {
    const error = err as NodeJS.ErrnoException & { stderr?: string | Buffer };
    if (error.code === "ENOENT") throw new DiffUsageError("git is not installed (or not on PATH): give the base as a file instead");
    throw Object.assign(new Error(String(error.stderr ?? error.message).trim()), { gitFailed: true });
  }
}

/** A git failure answered by `fallback`; a missing git stays the usage error it is. */
async function orElse<T>(work: Promise<string | Buffer>, fallback: () => T): Promise<string | Buffer | T> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof DiffUsageError) throw err;
    return fallback();
  }
}

/** The icon paths a config's text names (brands[].icon), relative to the config; none when it does not parse. */
function iconsNamed(text: string): string[] {
  try {
    const data = load(text) as { brands?: { icon?: unknown }[] } | undefined;
    return (data?.brands ?? []).flatMap((b) => (typeof b?.icon === "string" ? [b.icon] : []));
  } catch {
    // The compile of the base reports the YAML error with its line.
    return [];
  }
}

/** The config and its icons at a git revision, in a temporary copy of their folders. */
async function fromRevision(revision: string, configFile: string): Promise<Base> {
  const config = await realpath(resolve(configFile)).catch(() => {
    throw new DiffUsageError(`${configFile} does not exist: gen diff compares it with the base`);
  });
  const cwd = dirname(config);
  const notARevision = () => {
    throw new DiffUsageError(
      `'${revision}' is neither a file nor a revision of this git repository (try origin/main, HEAD~1, a tag or a commit)`,
    );
  };
  // Read as an option by git, never as a revision.
  if (revision.startsWith("-")) notARevision();
  const top = String(await orElse(git(cwd, ["rev-parse", "--show-toplevel"]), () => "")).trim();
  if (!top)
    throw new DiffUsageError(`'${revision}' is not a file, and ${configFile} is not in a git repository where it could be a revision`);
  const commit = String(await orElse(git(cwd, ["rev-parse", "--verify", "--quiet", `${revision}^{commit}`]), notARevision)).trim();
  const inRepo = relative(await realpath(top), config)
    .split(sep)
    .join("/");
  const text = await orElse(git(top, ["show", `${commit}:${inRepo}`]), () => {
    throw new DiffUsageError(`${inRepo} does not exist at ${revision} (${commit.slice(0, 7)})`);
  });
  const folder = await mkdtemp(join(tmpdir(), "gen-diff-"));
  const write = async (path: string, contents: string | Buffer) => {
    await mkdir(dirname(join(folder, path)), { recursive: true });
    await writeFile(join(folder, path), contents);
  };
  await write(inRepo, text);
  for (const icon of iconsNamed(String(text))) {
    const path = posix.normalize(posix.join(posix.dirname(inRepo), icon));
    // An icon outside the repository, or missing at that revision, is the base's problem: its compile says which.
    if (isAbsolute(icon) || path.startsWith("../")) continue;
    const bytes = await orElse(git(top, ["show", `${commit}:${path}`], "buffer"), () => undefined);
    if (bytes !== undefined) await write(path, bytes);
  }
  return {
    file: join(folder, inRepo),
    label: `${revision}:${inRepo} (${commit.slice(0, 7)})`,
    dispose: () => rm(folder, { recursive: true, force: true }),
  };
}

/** The base named on the command line: an existing file as it is, anything else a git revision. */
export async function resolveBase(base: string, configFile: string): Promise<Base> {
  if (existsSync(base) && statSync(base).isFile()) return { file: resolve(base), label: base, dispose: async () => undefined };
  return fromRevision(base, configFile);
}

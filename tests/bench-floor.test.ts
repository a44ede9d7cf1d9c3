// The bench's floor (bench/floor.ts) is built by Vite inside the bench's own process, which then
// starts the sandbox platform: the build must leave that process's NODE_ENV as it found it (Vite
// sets it to "production", and the platform refuses to start in production without PLATFORM_MODE).
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, test } from "vitest";
import { buildFloor } from "../bench/floor.ts";

const kept = process.env.NODE_ENV;
let outDir = "";
afterEach(() => {
  if (kept === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = kept;
  rmSync(outDir, { recursive: true, force: true });
});

test("building the floor leaves no NODE_ENV behind, and writes the page and its script's compressed copy", async () => {
  outDir = mkdtempSync(join(tmpdir(), "sf-floor-"));
  // As `npm run bench` starts: no NODE_ENV (Vite sets one only when there is none).
  delete process.env.NODE_ENV;
  await buildFloor(outDir);
  expect(process.env.NODE_ENV).toBeUndefined();
  expect(existsSync(join(outDir, "index.html"))).toBe(true);
  expect(readdirSync(join(outDir, "assets")).filter((f) => f.endsWith(".js.gz"))).toHaveLength(1);
}, 120_000);

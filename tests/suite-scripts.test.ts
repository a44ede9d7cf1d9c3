// The suites that need a server of their own say plainly when this machine lacks it: off CI they
// skip with "NOT RUN" and the reason (the rest of `npm test` goes on); on CI they fail.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");
const run = (script: string, env: Record<string, string>) => {
  const { CI: _ci, DATABASE_URL: _url, ...rest } = process.env;
  return spawnSync("bash", [join(root, "scripts", script)], { cwd: root, encoding: "utf8", env: { ...rest, ...env } });
};

describe("npm run test:postgres and test:nginx without their servers", () => {
  it("skip off CI, saying NOT RUN and what to install; fail on CI", () => {
    for (const [script, env, what] of [
      ["test-postgres.sh", { PG_BINDIR: "/nonexistent" }, /PostgreSQL server binaries/],
      ["test-nginx.sh", { NGINX_BIN: "/nonexistent/nginx" }, /nginx or openssl/],
    ] as const) {
      const skipped = run(script, env);
      expect(skipped.status, script).toBe(0);
      expect(skipped.stdout, script).toMatch(/^test:\w+: NOT RUN: /);
      expect(skipped.stdout, script).toMatch(what);
      expect(skipped.stdout, script).toMatch(/install/);
      const onCi = run(script, { ...env, CI: "1" });
      expect(onCi.status, script).toBe(1);
      expect(onCi.stderr, script).toMatch(/CI must run this suite/);
    }
  });
});

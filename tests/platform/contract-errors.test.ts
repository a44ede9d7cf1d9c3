// Each call's `errors` in schema/api/ (what docs/api.md lists) covers what the platform answers:
// probes with a valid request, an unknown game, no session and another brand's session.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiDir, type CallSpec, loadContract } from "../../core/node/contract/contract.ts";
import { clientOf, type Harness, type ParamSchema, startHarness, validValue } from "./harness.ts";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
}, 120_000);
afterAll(async () => h?.close());

const contract = loadContract();

const allowed = (call: CallSpec) => new Set(["1", "10", "-400", "-500", ...(call.auth === "required" ? ["-600"] : []), ...call.errors]);

describe("the contract's error lists", () => {
  it("every call declares its errors, and each is a code of errors.json", () => {
    const ajv = new Ajv2020({ strict: false });
    const validate = ajv.compile(JSON.parse(readFileSync(join(apiDir, "calls.schema.json"), "utf8")));
    for (const file of new Set(contract.calls.map((c) => c.file))) {
      const doc = JSON.parse(readFileSync(join(apiDir, file), "utf8"));
      expect(validate(doc), `${file}: ${ajv.errorsText(validate.errors)}`).toBe(true);
    }
    for (const call of contract.calls) for (const code of call.errors) expect(contract.errors[code], `${call.name}: ${code}`).toBeDefined();
  });

  it("cover every code the platform answers to valid, unknown-game, anonymous and foreign-session requests", async () => {
    const own = await h.login("aurora");
    const foreign = await h.login("sakura");
    const auroraClient = clientOf(h.platform, "aurora").clientIds.web;
    const unlisted: string[] = [];
    let unknownGame = 0;
    // logout ends the session the other probes use: it goes last.
    const calls = [...contract.calls].sort((a, b) => Number(a.name === "logout") - Number(b.name === "logout"));
    for (const call of calls) {
      const props = (call.request as { properties?: Record<string, ParamSchema> }).properties ?? {};
      const base = (clientId: string) => Object.fromEntries(Object.entries(props).map(([n, s]) => [n, validValue(n, s, clientId)]));
      const probes: [string, Record<string, unknown>][] = [
        ["valid", { ...base(auroraClient), oauth_token: own.token }],
        ["anonymous", base(auroraClient)],
        ["foreign session", { ...base(auroraClient), oauth_token: foreign.token }],
      ];
      if ("client_id" in props) probes.push(["unknown game", { ...base("9999999"), oauth_token: own.token }]);
      let reachable = true;
      for (const [label, params] of probes) {
        const res = await h.raw(call.method, call.paths[0] ?? "/", params);
        const { code } = res.json();
        // A -400 to the valid probe (an unknown server for roleList) means the unknown-game probe
        // proves nothing about the order of checks.
        if (label === "valid" && code === -400) reachable = false;
        if (!allowed(call).has(String(code))) unlisted.push(`${call.name} (${label}): ${code} ${res.json().message}`);
        // A call that names -3001 must answer it for a game it does not know (tracking stores any id).
        if (label === "unknown game" && reachable && call.errors.includes("-3001")) {
          expect(code, call.name).toBe(-3001);
          unknownGame++;
        }
      }
    }
    expect(unlisted).toEqual([]);
    expect(unknownGame).toBeGreaterThan(30);
  });
});

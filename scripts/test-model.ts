// `npm run test:model -- [--runs N] [--seed S] [--commands C] [--path P]`: the platform's model-based
// test (tests/platform/model.ts) for longer than `npm test` runs it, or replaying a failure's path.
import { parseArgs } from "node:util";
import { executed, runModel, startPlatform } from "../tests/platform/model.ts";

const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "200" },
    seed: { type: "string", default: String(Date.now() % 2 ** 31) },
    commands: { type: "string", default: "40" },
    path: { type: "string" },
  },
});
const runs = Number(values.runs);
const seed = Number(values.seed);
const maxCommands = Number(values.commands);
if (![runs, seed, maxCommands].every(Number.isInteger) || runs < 1 || maxCommands < 1) {
  process.stderr.write("usage: npm run test:model -- [--runs N] [--seed S] [--commands C] [--path P]\n");
  process.exit(2);
}
process.stdout.write(`test:model: ${runs} runs of up to ${maxCommands} commands, seed ${seed}\n`);
const h = await startPlatform();
const started = Date.now();
try {
  await runModel(h, { runs, seed, maxCommands, ...(values.path ? { path: values.path } : {}) });
  process.stdout.write(`test:model: ${runs} runs passed in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
} catch (err) {
  const cause = err instanceof Error && err.cause instanceof Error ? `\n${err.cause.message}` : "";
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}${cause}\n`);
  process.exitCode = 1;
} finally {
  process.stdout.write(`test:model: commands run: ${[...executed].map(([k, n]) => `${k} ${n}`).join(", ")}\n`);
  await h.close();
}

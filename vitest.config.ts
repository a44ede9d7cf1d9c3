import { configDefaults, defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/**/*.test.ts"],
    globalSetup: ["tests/global-setup.ts"],
    // Needs a PostgreSQL server: runs when DATABASE_URL names one (npm run test:postgres sets it).
    exclude: [...configDefaults.exclude, ...(process.env.DATABASE_URL ? [] : ["tests/platform/two-processes.test.ts"])],
    environment: "node",
    testTimeout: 30_000,
    pool: "forks",
  },
});

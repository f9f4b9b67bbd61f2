import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    // Two at a time whatever the machine: vitest's default (cores - 1) runs one file at a time on two cores,
    // and the browser tests spend much of their time waiting on the browser, not computing.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: "unit",
          include: ["src/shared/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        test: {
          name: "api",
          include: ["tests/api/**/*.test.ts", "src/server/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/helpers/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/helpers/global-setup.ts", "tests/e2e/build.ts"],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // A worker keeps its modules from file to file, so the files it runs share one product and one
          // browser (tests/e2e/harness.ts).
          isolate: false,
        },
      },
    ],
  },
});

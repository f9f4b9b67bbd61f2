import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * API files that run far longer than their size says (thousands of generated requests, a wait for a lease):
 * a fresh clone has no timings, so by size they would come last and run on alone at the end.
 */
const LONG_FOR_THEIR_SIZE = ["tests/api/hostile-input.test.ts", "tests/api/sendouts-restart.test.ts", "tests/api/probe.test.ts"];

/** Browser files first: they are the longest, and the shorter API files then fill the gaps they leave. */
class BrowserFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const order = ["e2e", "api", "unit"];
    const rank = (f: TestSpecification) =>
      order.indexOf(f.project.name) * 2 + (LONG_FOR_THEIR_SIZE.some((name) => f.moduleId.endsWith(name)) ? 0 : 1);
    // Within a project the base order stays: longest first once a run has timed them, else largest first.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    // Vitest's default (cores - 1) runs one file at a time on two cores, while a browser file spends much of its
    // time waiting for the browser: one more file than cores keeps both cores busy (ADR 023).
    maxWorkers: 3,
    sequence: { sequencer: BrowserFilesFirst },
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
          // A worker keeps the server's modules from file to file instead of importing and compiling them again
          // for each (a third of the project's time); each file still builds its own app on a fresh database.
          isolate: false,
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

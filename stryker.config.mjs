// @ts-check
/**
 * Mutation testing of the shared rules and schemas (src/shared): `npm run mutate`. Not part of `npm test` or CI:
 * it runs the unit tests once per mutant and takes minutes.
 *
 * @type {import("@stryker-mutator/api/core").PartialStrykerOptions}
 */
export default {
  // Note: a mutant that makes a module throw while it loads (e.g. a schema factory returning undefined) stops the
  // test files that import it before any test runs; this runner then reports it "Survived" with 0 tests run.
  testRunner: "vitest",
  vitest: {
    // Only the unit tests (src/shared/**/*.test.ts): vitest.config.ts also holds the api and e2e projects, and the
    // runner cannot pick one project, so it loads a config of the unit tests alone.
    configFile: "vitest.mutate.config.ts",
  },
  mutate: [
    "src/shared/**/*.ts",
    "!src/shared/**/*.test.ts",
    // Pure data: the list of Sweden's municipalities (names, codes, coordinates). A mutant in it changes a fact, not
    // a rule; municipalities.ts, which reads it, is mutated. (The i18n texts are JSON and never mutated.)
    "!src/shared/geo/municipality-data.ts",
  ],
  // Run, for each mutant, only the tests that reach it (the vitest runner records coverage per test).
  coverageAnalysis: "perTest",
  // One test runner per core: this machine and most CI machines have two.
  concurrency: 2,
  // clear-text lists every surviving mutant with its diff; the html report is browsable afterwards.
  reporters: ["clear-text", "progress", "html"],
  htmlReporter: { fileName: "reports/mutation/index.html" },
  // The goal is a mutation score of at least 80 %: below it the score prints red and `npm run mutate` fails.
  thresholds: { high: 90, low: 80, break: 80 },
  // Not needed by the unit tests; the local database (data/) may change while the sandbox is copied.
  ignorePatterns: ["/data", "/dist", "/coverage", "/test-results", "/bench/results"],
};

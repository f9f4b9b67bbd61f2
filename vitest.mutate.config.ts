import { defineConfig } from "vitest/config";

/**
 * The vitest config Stryker runs (stryker.config.mjs, `npm run mutate`): only the unit tests of src/shared, the
 * same files as the `unit` project in vitest.config.ts. Stryker's vitest runner has no option to pick one project
 * of a config, and the api and e2e projects start a database and a browser, which would run for every mutant.
 */
export default defineConfig({
  test: {
    include: ["src/shared/**/*.test.ts"],
    environment: "node",
  },
});

import { defineConfig } from "vitest/config";

const apiTests = ["apps/server/src/**/*.api.test.ts", "apps/server/test/**/*.api.test.ts"];

/**
 * The API tests on one database. One fork runs file after file with the server's modules loaded once: importing them
 * anew for every file cost more than half the run. Each file still gets its own database and its own app.
 */
const apiProject = (name: string, kind: "pglite" | "postgres") => ({
  test: {
    name,
    include: apiTests,
    env: { TEST_DB_KIND: kind },
    globalSetup: ["apps/server/test/global-setup.ts"],
    pool: "forks" as const,
    isolate: false,
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

/**
 * Three projects: fast unit tests, and the same API tests run twice, on embedded PGlite and on PostgreSQL.
 * Each API test file gets its own database copied from one migrated template (apps/server/test/global-setup.ts).
 * API test files share their fork's loaded modules (isolate: false), so a file must not leave global state behind.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "packages/*/src/**/*.test.ts",
            "apps/server/src/**/*.test.ts",
            "apps/web/src/**/*.test.ts",
            "scripts/**/*.test.ts",
          ],
          exclude: [...apiTests, "**/node_modules/**"],
          environment: "node",
          // Unit files keep no global state (no module mocks, no stubbed globals): they share their worker's loaded
          // modules instead of importing them anew for every file.
          isolate: false,
        },
        resolve: { alias: { "@/": new URL("./apps/web/src/", import.meta.url).pathname } },
      },
      apiProject("api-pglite", "pglite"),
      apiProject("api-pg", "postgres"),
    ],
  },
});

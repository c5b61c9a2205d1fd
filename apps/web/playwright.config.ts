import { fileURLToPath } from "node:url";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./scripts/chromium";

// E2E_PORT lets several checkouts run their flows side by side; the e2e server reads the same variable.
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT ?? "3100"}`;
const repoRoot = fileURLToPath(new URL("../..", import.meta.url));

/**
 * Flows in Chromium against the real server (apps/server/src/scripts/e2e-server.ts): a fresh embedded
 * database with the demo data, serving apps/web/dist, so run `npm run build -w @clinora/web` first.
 */
/**
 * Specs named `*screenshots.spec.ts` only take review pictures (into apps/web/e2e/screenshots, gitignored):
 * `npm run screenshots` runs every spec with SCREENSHOTS set, so the flows take their pictures too (e2e/fixtures.ts
 * `screenshot`); `npm test` runs every other spec, the ones that assert behaviour, and takes no picture.
 */
const screenshotSpecs = /screenshots\.spec\.ts$/;
const screenshotsRun = Boolean(process.env.SCREENSHOTS);

export default defineConfig({
  testDir: "./e2e",
  ...(screenshotsRun ? {} : { testIgnore: screenshotSpecs }),
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: "list",
  use: {
    baseURL,
    headless: true,
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    // A trace records every action's page and a stream of frames: about a third of the flows' time when kept for
    // every test. It is taken only when a failed flow is tried again (CI retries once); to look at a flow, run
    // Playwright with `--trace on`.
    trace: "on-first-retry",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: {
          executablePath: CHROMIUM_PATH,
          // Without a GPU the compositor draws in software; in the browser's own process it spares a process and its
          // messages, some 8 % of Chromium's CPU in the flows. (The Lighthouse runs keep Chromium's usual layout.)
          args: [...CHROMIUM_FLAGS, "--in-process-gpu"],
        },
      },
    },
  ],
  webServer: {
    command: "npm run e2e:server -w @clinora/server",
    cwd: repoRoot,
    url: `${baseURL}/api/health`,
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
  },
});

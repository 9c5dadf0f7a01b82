import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from './test/support/chromium'

// Tests tagged @screenshots only take pictures for a person to look at (nothing compares them, so they cannot
// fail): `npm run screenshots` (scripts/screenshots.mjs) runs them alone, `npm test` and a bare
// `npx playwright test` leave them out.
const screenshots = process.env.MEDIADECK_SCREENSHOTS === '1'

export default defineConfig({
  testDir: './test/e2e',
  grep: screenshots ? /@screenshots/ : undefined,
  grepInvert: screenshots ? undefined : /@screenshots/,
  outputDir: './.test-results/e2e',
  // A test's bound counts its fixtures too: beside stress-ng on the shared 2-core machine (load average 25–30),
  // launching Chromium and starting the host took ~16 s, and the automation editor's flow of ~30 steps had not
  // ended 48 s later (1–5 s a step). The bound only catches a hang: no e2e test asserts a duration.
  timeout: 120_000,
  workers: 1,
  reporter: [['list'], ['json', { outputFile: '.test-results/playwright.json' }]],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS },
  },
})

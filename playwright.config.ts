import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './test/support/chromium'

// Tests tagged @screenshots only take pictures for a person to look at (nothing compares them, so they cannot
// fail): `npm run screenshots` (scripts/screenshots.mjs) runs them alone, `npm test` and a bare
// `npx playwright test` leave them out.
const screenshots = process.env.MEDIADECK_SCREENSHOTS === '1'

export default defineConfig({
  testDir: './test/e2e',
  grep: screenshots ? /@screenshots/ : undefined,
  grepInvert: screenshots ? undefined : /@screenshots/,
  outputDir: './.test-results/e2e',
  timeout: 60_000,
  workers: 1,
  reporter: [['list'], ['json', { outputFile: '.test-results/playwright.json' }]],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
})

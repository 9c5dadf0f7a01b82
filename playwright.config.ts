import { defineConfig } from '@playwright/test'

// Debian's Chromium: Playwright's own browser download cannot work on the project's machines.
const chromiumPath = process.env.MEDIADECK_CHROMIUM ?? '/usr/bin/chromium'

export default defineConfig({
  testDir: './test/e2e',
  outputDir: './.test-results/e2e',
  timeout: 60_000,
  workers: 1,
  reporter: [['list'], ['json', { outputFile: '.test-results/playwright.json' }]],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
})

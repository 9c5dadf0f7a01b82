// Debian's Chromium, launched the one way this project's machines allow: Playwright's own browser download
// cannot work here, and without the background-networking flags Chromium keeps dialling hosts the closed
// network refuses. Shared by playwright.config.ts and the browser benchmarks.
// MEDIADECK_CHROMIUM names another binary; `MEDIADECK_CHROMIUM=playwright` means Playwright's own Chromium
// (`npx playwright install chromium`), which the forge's runners use (.github/workflows/ci.yml).
import { chromium, type Browser } from '@playwright/test'

export const CHROMIUM_PATH = process.env.MEDIADECK_CHROMIUM?.trim() || '/usr/bin/chromium'
/** The executablePath to launch with: undefined lets Playwright pick its own build. */
export const CHROMIUM_EXECUTABLE = CHROMIUM_PATH === 'playwright' ? undefined : CHROMIUM_PATH

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS })
}

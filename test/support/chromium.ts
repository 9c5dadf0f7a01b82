// Debian's Chromium, launched the one way this project's machines allow: Playwright's own browser download
// cannot work here, and without the background-networking flags Chromium keeps dialling hosts the closed
// network refuses. Shared by playwright.config.ts and the browser benchmarks.
import { chromium, type Browser } from '@playwright/test'

export const CHROMIUM_PATH = process.env.MEDIADECK_CHROMIUM ?? '/usr/bin/chromium'

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
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
}

// The packaging job's smoke test reaches a window through Chromium's remote debugging port, as it does the
// packaged app's (whose fuses refuse Playwright's _electron.launch). Electron cannot be downloaded here, so the
// same function drives a real Chromium child process: found by its address, waited for until ready, closed;
// and a program that ends before any window is reported with what it printed.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from '@playwright/test'
import { afterAll, describe, expect, it } from 'vitest'
// @ts-expect-error: a plain .mjs script, typed by its use here
import { waitForWindow as waitUntyped } from '../../../scripts/smoke-packaged.mjs'
import { CHROMIUM_ARGS, CHROMIUM_EXECUTABLE } from '../../support/chromium'
import type { Page } from '@playwright/test'

const waitForWindow = waitUntyped as (options: {
  executable: string
  args?: string[]
  env?: NodeJS.ProcessEnv
  url: RegExp
  ready: (page: Page) => Promise<void>
  timeoutMs?: number
}) => Promise<{ page: Page; output(): string; close(): Promise<void> }>

const profile = mkdtempSync(join(tmpdir(), 'mediadeck-smoke-chromium-'))
afterAll(() => rmSync(profile, { recursive: true, force: true }))

describe('scripts/smoke-packaged.mjs waitForWindow', () => {
  it('connects to the started program, finds the window by its address and waits for it to be ready', async () => {
    const html = '<title>packaged</title><nav aria-label="Areas"><a href="#">Library</a></nav>'
    const window = await waitForWindow({
      executable: CHROMIUM_EXECUTABLE ?? chromium.executablePath(),
      args: [...CHROMIUM_ARGS, `--user-data-dir=${profile}`, `data:text/html,${encodeURIComponent(html)}`],
      url: /^data:text\/html/,
      ready: (page) => page.getByRole('navigation', { name: 'Areas' }).waitFor(),
    })
    try {
      expect(await window.page.title()).toBe('packaged')
      expect(window.output()).toMatch(/DevTools listening on ws:\/\//)
    } finally {
      await window.close()
    }
  })

  it('reports a program that cannot be started instead of waiting for it', async () => {
    await expect(
      waitForWindow({ executable: join(profile, 'no-such-app'), url: /^app:/, ready: async () => undefined }),
    ).rejects.toThrow(/no-such-app: spawn .*ENOENT/)
  })

  it('reports a program that ends before any window, with what it printed', async () => {
    // Node refuses Chromium's flag and exits at once: as an app that fails at start would.
    await expect(
      waitForWindow({ executable: process.execPath, url: /^app:/, ready: async () => undefined }),
    ).rejects.toThrow(/ended \(9\) before its window[\s\S]*what it printed[\s\S]*remote-debugging-port/)
  })
})

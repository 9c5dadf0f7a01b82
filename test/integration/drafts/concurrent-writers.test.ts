// Several real processes writing one data folder at once: CLI runs started together, and the app's drafts
// outbox saving while CLI runs add. Before the database, 8 `drafts add` started together all said "saved" and
// 3 were listed (a fixed temp file name and a read-merge-write with no lock); every one is kept now, and the
// app shows what the CLI added within 2 s without a restart.
import { execFile } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ConnectionState } from '../../../common/app-state'
import type { Draft } from '../../../common/drafts'
import type { ListChanges } from '../../../common/list-changes'
import { DATABASE_FILE, openDatabase, type AppDatabase } from '../../../main/core/db/database'
import type { ActiveService } from '../../../main/core/ports'
import type { HandlerDeps } from '../../../main/handlers/types'
import { DRAFTS_WATCH_MS } from '../../../main/host/drafts-outbox'
import { draftHandlersOver } from '../../support/draft-handlers'
import { until } from '../../support/manual-clock'
import { cliArgs } from '../support/cli-bin'
import { samplePost } from '../../unit/core/drafts/helpers'
import { tempFolder } from './helpers'

const run = promisify(execFile)
const ROOT = fileURLToPath(new URL('../../../', import.meta.url))

let dir: string
let dataDir: string
let cleanup: () => Promise<void>
const disposers: Array<() => void | Promise<void>> = []

beforeEach(async () => {
  ;({ dir, cleanup } = await tempFolder('concurrent-'))
  dataDir = path.join(dir, 'data')
})
afterEach(async () => {
  for (const dispose of disposers.splice(0).reverse()) await dispose()
  await cleanup()
})

/** The real CLI in a process of its own, on the test's data folder (keyless: the Sandbox's drafts). */
function cli(...argv: string[]) {
  return run(process.execPath, cliArgs(argv), {
    cwd: ROOT,
    env: { ...process.env, MEDIADECK_DATA_DIR: dataDir, MEDIADECK_BASE_URL: '', MEDIADECK_ACCESS_KEY: '' },
  })
}

async function body(n: number): Promise<string> {
  const file = path.join(dir, `draft-${n}.json`)
  await writeFile(file, JSON.stringify({ description: `post ${n}`, type: 'text' }))
  return file
}

async function listed(): Promise<string[]> {
  const { stdout } = await cli('drafts', 'list', '--json')
  return stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { description: string }).description)
    .sort()
}

const offline: ConnectionState = {
  status: 'offline',
  mode: 'sandbox',
  profileId: 'sandbox',
  profileName: 'Sandbox',
  baseUrl: 'http://127.0.0.1:1',
  lastCheckedAt: null,
}

function appDeps(events: Array<{ name: string; payload: unknown }>): HandlerDeps {
  const active = { profileId: 'sandbox', mode: 'sandbox' } as ActiveService
  return {
    dataDir,
    active: () => active,
    onActiveChanged: () => () => undefined,
    connection: {
      current: () => offline,
      isOnline: () => false,
      check: async () => offline,
      onChange: () => () => undefined,
    },
    emit: (name, payload) => void events.push({ name, payload }),
    onDispose: (dispose) => void disposers.push(dispose),
  }
}

describe('one data folder, several processes', () => {
  it('keeps every draft of 8 `drafts add` started together', async () => {
    const files = await Promise.all(Array.from({ length: 8 }, (_, i) => body(i + 1)))
    const results = await Promise.all(files.map((file) => cli('drafts', 'add', file)))
    for (const result of results) expect(result.stdout).toMatch(/^draft \S+ saved/)
    expect(await listed()).toEqual(Array.from({ length: 8 }, (_, i) => `post ${i + 1}`).sort())
  }, 120_000)

  it('keeps the app’s saves and the CLI’s adds made at once, and shows the CLI’s in the app at the watch’s next look', async () => {
    const events: Array<{ name: string; payload: unknown }> = []
    // The app's database, its watch on a timer the test fires: "the app shows the CLI's drafts within the
    // watch interval" is then asserted on the watch's own interval and one look, never on the wall clock.
    mkdirSync(dataDir, { recursive: true })
    const database = openDatabase({ file: path.join(dataDir, DATABASE_FILE) })
    disposers.push(() => database.close())
    const looks: Array<{ look: () => void; ms: number }> = []
    const watched: AppDatabase = {
      ...database,
      watch: (listener, options) =>
        database.watch(listener, {
          ...options,
          timers: {
            setInterval: (look, ms) => looks.push({ look, ms }),
            clearInterval: () => undefined,
          },
        }),
    }
    const app = draftHandlersOver(appDeps(events), { database: watched })
    await app['drafts:list'](undefined)
    const files = await Promise.all(Array.from({ length: 4 }, (_, i) => body(i + 1)))
    const adds = Promise.all(files.map((file) => cli('drafts', 'add', file)))
    // The app keeps saving while the CLI runs add theirs.
    let saved = 0
    let settled = false
    void adds.finally(() => (settled = true))
    while (!settled || saved < 10) {
      await app['drafts:save']({ post: samplePost({ description: `app ${saved}` }), localMedia: [] })
      saved += 1
      await new Promise((resolve) => setImmediate(resolve))
    }
    await adds
    // The watch (every 1 s) hears the CLI's commits at its next look: drafts:changed carries them, with no
    // call from the page.
    const seen = () => {
      const heard = new Set<string>()
      for (const event of events) {
        if (event.name !== 'drafts:changed') continue
        for (const draft of (event.payload as ListChanges<Draft>).changed)
          if (draft.post.description.startsWith('post ')) heard.add(draft.id)
      }
      return heard.size
    }
    // The app's own commits announce what the change log holds past what it read, the CLI's commits made
    // before them included; the ones after its last save wait for the watch's next look.
    expect(looks.map((l) => l.ms)).toEqual([DRAFTS_WATCH_MS])
    expect(DRAFTS_WATCH_MS).toBe(1_000)
    looks[0]!.look()
    await until(() => seen() === 4, 'the CLI’s drafts in drafts:changed')

    const all = await listed()
    expect(all.filter((d) => d.startsWith('post '))).toHaveLength(4)
    expect(all.filter((d) => d.startsWith('app '))).toHaveLength(saved)
  }, 120_000)
})

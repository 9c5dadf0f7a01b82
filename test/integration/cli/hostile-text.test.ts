// Names and texts the CLI did not write, in the lines it prints for a person: a file named with a line break,
// an `error:` of its own and a right-to-left override, and a post whose caption runs over two lines. Each item
// stays one line, with what would break or reorder it shown as an escape; `--json` keeps the text as it is.
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { jsonLines, useCliSandbox } from '../support/cli-sandbox'

const t = useCliSandbox('cli-hostile-', 50 * 1024 * 1024, { tier: 'premium' })

const HOSTILE = 'holiday\nerror: forged line \u202egpj.exe'
const SHOWN = 'holiday\\nerror: forged line \\u202egpj.exe'

/** The lines of `text` that hold `needle`. */
const linesWith = (text: string, needle: string) => text.split('\n').filter((line) => line.includes(needle))

describe('text from outside in the human lines', () => {
  it('prints an uploaded file with a hostile name on one line, its escapes shown, and keeps it whole in --json', async () => {
    const folder = join(t.dir, 'hostile')
    mkdirSync(folder, { recursive: true })
    const path = join(folder, HOSTILE)
    writeFileSync(path, 'bytes of a hostile name')

    const human = await t.cli(['upload', path])
    expect(human.code).toBe(0)
    expect(human.stdout).not.toContain('\u202e')
    expect(human.stdout.trim().split('\n')).toEqual([expect.stringMatching(/^ok {6}\S/)])
    expect(human.stdout).toContain(join(folder, SHOWN))

    writeFileSync(join(folder, 'second'), 'other bytes')
    const json = await t.cli(['upload', '--json', join(folder, 'second'), path])
    expect(json.code).toBe(0)
    expect(jsonLines(json.stdout).map((l) => l.path)).toContain(path)
  })

  it('says a missing file with a line break in its path in one line on stderr', async () => {
    const run = await t.cli(['upload', join(t.dir, 'missing\nerror: forged line')])
    expect(run.code).toBe(1)
    expect(run.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^error: .*missing\\nerror: forged line: no such file$/),
    ])
  })

  it('lists a stored file with a hostile name on one line (storage unused)', async () => {
    const run = await t.cli(['storage', 'unused'])
    expect(run.code).toBe(0)
    expect(linesWith(run.stdout, 'holiday')).toEqual([expect.stringContaining(SHOWN)])
    expect(run.stdout).not.toContain('forged line \u202e')
  })

  it('lists a post whose caption runs over two lines on one line (schedules)', async () => {
    const accounts = await t.api('GET', '/public/account?page=1&limit=100')
    const account = accounts.docs.find((a: { isConnected: boolean }) => a.isConnected)
    const created = await t.api('POST', '/public/schedule', {
      title: '',
      description: 'First line of the caption\nerror: second line',
      type: 'text',
      medias: [],
      accountId: account.id,
      scheduleAt: new Date(Date.now() + 3 * 24 * 3600_000).toISOString(),
    })
    const run = await t.cli(['schedules', '--limit', '100', '--status', 'pending'])
    expect(run.code).toBe(0)
    expect(linesWith(run.stdout, created.scheduleId)).toEqual([
      expect.stringContaining('First line of the caption\\nerror: second line'),
    ])
    expect(run.stdout).not.toMatch(/^error: second line/m)
  })
})

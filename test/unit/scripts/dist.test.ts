// `npm run dist` with a feed named on the command line (the forge's packaging job names a generic one): what it
// hands electron-builder must be a configuration electron-builder's own loader and schema accept, with that
// feed alone. Passed through as given, electron-builder merged it into the GitHub feed and refused it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
// @ts-expect-error: a plain .mjs script, typed by its use here
import { electronBuilderArgs as argsUntyped } from '../../../scripts/dist.mjs'

type BuilderArgs = { args: string[]; config?: Record<string, unknown> }
const electronBuilderArgs = argsUntyped as (args: string[]) => BuilderArgs

const require = createRequire(import.meta.url)
const builder = require('app-builder-lib/out/util/config/config') as {
  getConfig(
    projectDir: string,
    configPath: string | null,
    configFromOptions?: Record<string, unknown>,
  ): Promise<Record<string, unknown>>
  validateConfiguration(config: unknown, log: { isEnabled: boolean; add(): void }): Promise<void>
}
const noDebug = { isEnabled: false, add: () => undefined }

const dir = mkdtempSync(join(tmpdir(), 'mediadeck-dist-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const GENERIC = ['-c.publish.provider=generic', '-c.publish.url=https://updates.invalid/mediadeck']

describe('scripts/dist.mjs electronBuilderArgs', () => {
  it('turns a generic feed into a configuration electron-builder accepts, with that feed alone', async () => {
    const { args, config } = electronBuilderArgs(['--publish', 'never', ...GENERIC])
    expect(args).toEqual(['--publish', 'never'])
    const file = join(dir, 'electron-builder.json')
    writeFileSync(file, JSON.stringify(config))
    const loaded = await builder.getConfig(process.cwd(), file)
    await expect(builder.validateConfiguration(loaded, noDebug)).resolves.toBeUndefined()
    expect(loaded.publish).toEqual([{ provider: 'generic', url: 'https://updates.invalid/mediadeck' }])
    // The rest of electron-builder.yml still applies.
    expect(loaded).toMatchObject({ appId: 'com.repliz.mediadeck', electronFuses: { runAsNode: false } })
  })

  it('is needed: merged into the GitHub feed as given, the generic feed fails electron-builder’s schema', async () => {
    const merged = await builder.getConfig(process.cwd(), null, {
      publish: { provider: 'generic', url: 'https://updates.invalid/mediadeck' },
    })
    expect(merged.publish).toMatchObject({ provider: 'generic', repo: '${env.MEDIADECK_PUBLISH_REPO}' })
    await expect(builder.validateConfiguration(merged, noDebug)).rejects.toThrow(/configuration\.publish/)
  })

  it('reads both spellings of an option and keeps every other argument in place', () => {
    expect(
      electronBuilderArgs([
        '--linux',
        '--config.publish.provider',
        's3',
        '-c.publish.bucket=media',
        '-c.publish.acl=false',
        '--dir',
      ]),
    ).toMatchObject({
      args: ['--linux', '--dir'],
      config: { publish: [{ provider: 's3', bucket: 'media', acl: false }] },
    })
  })

  it('leaves the arguments alone when no feed or the GitHub one is named', () => {
    expect(electronBuilderArgs(['--publish', 'always'])).toEqual({ args: ['--publish', 'always'] })
    const github = ['-c.publish.provider=github', '-c.publish.owner=acme']
    expect(electronBuilderArgs(github)).toEqual({ args: github })
  })
})

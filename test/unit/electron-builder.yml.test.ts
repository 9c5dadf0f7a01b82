// The release configuration, read the way electron-builder reads it: its fuses, signing and notarizing, the
// files it packs, and `npm run dist` refusing at once to make a release whose update feed points nowhere.
// Packaging itself needs the Electron binary and the platforms' signing tools, which this machine lacks.
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
// @ts-expect-error: a plain .mjs script, typed by its use here
import { publishPreflight } from '../../scripts/dist.mjs'

type Preflight = (args: string[], env: Record<string, string | undefined>) => { error?: string }
const preflight = publishPreflight as Preflight

// electron-builder's own loader and schema check (app-builder-lib, its dependency): the file as it will be read.
const require = createRequire(import.meta.url)
const builder = require('app-builder-lib/out/util/config/config') as {
  getConfig(projectDir: string, configPath: string | null): Promise<Record<string, unknown>>
  validateConfiguration(config: unknown, log: { isEnabled: boolean; add(): void }): Promise<void>
}
const noDebug = { isEnabled: false, add: () => undefined }
const config = (await builder.getConfig(process.cwd(), null)) as Record<string, unknown> & {
  electronFuses: Record<string, boolean>
  mac: Record<string, unknown>
  win: { signtoolOptions: { signingHashAlgorithms: string[] } }
  publish: Record<string, unknown>
}

describe('electron-builder.yml', () => {
  it('is a configuration electron-builder accepts (its own schema)', async () => {
    await expect(builder.validateConfiguration(config, noDebug)).resolves.toBeUndefined()
    await expect(
      builder.validateConfiguration({ ...config, electronFuses: { runAsNod: false } }, noDebug),
    ).rejects.toThrow(/Invalid configuration object[\s\S]*electronFuses/)
  })

  it('flips the fuses: no run-as-node, no NODE_OPTIONS, no inspector, only the checked asar, encrypted cookies', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      onlyLoadAppFromAsar: true,
      enableEmbeddedAsarIntegrityValidation: true,
      enableCookieEncryption: true,
    })
    expect(config.asar).toBe(true)
  })

  it('unpacks nothing from the asar: the database is the built-in node:sqlite, no native addon', () => {
    expect(config.asarUnpack).toBeUndefined()
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { dependencies: Record<string, string> }
    for (const native of ['better-sqlite3', 'sqlite3', 'keytar', 'sharp'])
      expect(pkg.dependencies[native], native).toBeUndefined()
  })

  it('signs with the hardened runtime, minimal entitlements and notarization on macOS', () => {
    expect(config.mac).toMatchObject({
      hardenedRuntime: true,
      notarize: true,
      entitlements: 'build/entitlements.mac.plist',
      entitlementsInherit: 'build/entitlements.mac.inherit.plist',
    })
    for (const file of ['build/entitlements.mac.plist', 'build/entitlements.mac.inherit.plist']) {
      const keys = [...readFileSync(file, 'utf8').matchAll(/<key>([^<]+)<\/key>/g)].map((m) => m[1])
      expect(keys, file).toEqual(['com.apple.security.cs.allow-jit'])
    }
  })

  it('signs Windows builds with SHA-256 from a certificate the environment holds, none in the file', () => {
    expect(config.win.signtoolOptions.signingHashAlgorithms).toEqual(['sha256'])
    const text = readFileSync('electron-builder.yml', 'utf8')
    expect(text).not.toMatch(/certificatePassword|certificateFile|cscKeyPassword/)
  })

  it('publishes to the GitHub repository the environment names', () => {
    expect(config.publish).toMatchObject({
      provider: 'github',
      owner: '${env.MEDIADECK_PUBLISH_OWNER}',
      repo: '${env.MEDIADECK_PUBLISH_REPO}',
    })
  })
})

describe('npm run dist', () => {
  const env = { MEDIADECK_PUBLISH_OWNER: 'acme', MEDIADECK_PUBLISH_REPO: 'mediadeck' }

  it('refuses a release whose feed owner or repository is unset, naming what is missing', () => {
    expect(preflight([], {}).error).toMatch(/^MEDIADECK_PUBLISH_OWNER and MEDIADECK_PUBLISH_REPO are not set/)
    expect(preflight(['--publish', 'always'], { MEDIADECK_PUBLISH_OWNER: 'acme' }).error).toMatch(
      /^MEDIADECK_PUBLISH_REPO is not set/,
    )
    expect(preflight(['--publish=always'], { ...env, MEDIADECK_PUBLISH_REPO: ' ' }).error).toBeDefined()
  })

  it('goes ahead when both are set or another feed is named; a local package needs a feed too', () => {
    expect(preflight(['--publish', 'always'], env)).toEqual({})
    expect(preflight(['--publish', 'never'], env)).toEqual({})
    expect(preflight(['-c.publish.provider=generic', '-c.publish.url=https://updates.example'], {})).toEqual(
      {},
    )
    expect(preflight(['--publish', 'never'], {}).error).toContain('A local package still carries the feed')
  })

  it('stops at once, before building anything, when the feed is unset', () => {
    const clean = { ...process.env }
    delete clean.MEDIADECK_PUBLISH_OWNER
    delete clean.MEDIADECK_PUBLISH_REPO
    const run = spawnSync(process.execPath, ['scripts/dist.mjs', '--publish', 'always'], {
      env: clean,
      encoding: 'utf8',
    })
    expect(run.status).toBe(1)
    expect(run.stderr).toContain(
      'npm run dist: MEDIADECK_PUBLISH_OWNER and MEDIADECK_PUBLISH_REPO are not set',
    )
    expect(run.stdout).not.toContain('build')
  })

  it('is the preflight, while npm run build needs no feed', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }
    expect(pkg.scripts.dist).toBe('node scripts/dist.mjs')
    expect(pkg.scripts.build).not.toMatch(/dist\.mjs|MEDIADECK_PUBLISH|electron-builder/)
  })
})

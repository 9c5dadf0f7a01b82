// The release's first step: it names each secret that is missing (and a tag that is not the version) before
// anything is built, and it checks exactly the names electron-builder.yml reads and release.yml hands it.
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
// @ts-expect-error: a plain .mjs script, typed by its use here
import * as script from '../../../scripts/release-secrets.mjs'

type Missing = { name: string; platform: string; purpose: string }
const { RELEASE_SECRETS, missingSecrets, tagMismatch } = script as {
  RELEASE_SECRETS: Record<string, Record<string, string>>
  missingSecrets(env: Record<string, string | undefined>, platforms?: string[]): Missing[]
  tagMismatch(tag: string | undefined, version: string): string | undefined
}

const names = Object.values(RELEASE_SECRETS).flatMap((group) => Object.keys(group))
const allSet = Object.fromEntries(names.map((name) => [name, `value of ${name}`]))
const version = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version

function run(env: Record<string, string>, args: string[] = []) {
  // This process's environment (Windows needs SystemRoot and the like) less any secret it happens to hold.
  const base = Object.fromEntries(Object.entries(process.env).filter(([name]) => !names.includes(name)))
  const result = spawnSync(process.execPath, ['scripts/release-secrets.mjs', ...args], {
    env: { ...base, ...env },
    encoding: 'utf8',
  })
  return { status: result.status, stdout: result.stdout, stderr: result.stderr }
}

describe('scripts/release-secrets.mjs', () => {
  it('finds nothing missing when every secret is set', () => {
    expect(missingSecrets(allSet)).toEqual([])
  })

  it('names a missing or blank secret with the system that needs it', () => {
    const env = { ...allSet, APPLE_API_ISSUER: undefined, WIN_CSC_KEY_PASSWORD: '  ' }
    expect(missingSecrets(env).map(({ name, platform }) => `${platform} ${name}`)).toEqual([
      'darwin APPLE_API_ISSUER',
      'win32 WIN_CSC_KEY_PASSWORD',
    ])
    // One system's release asks only for its own.
    expect(missingSecrets(env, ['linux'])).toEqual([])
    expect(missingSecrets({}, ['linux']).map(({ name }) => name)).toEqual(['GH_TOKEN'])
    expect(() => missingSecrets(allSet, ['beos'])).toThrow(/unknown platform "beos"/)
  })

  it('accepts only the tag of package.json’s version', () => {
    expect(tagMismatch(`v${version}`, version)).toBeUndefined()
    expect(tagMismatch(undefined, version)).toBeUndefined()
    expect(tagMismatch('v99.0.0', version)).toMatch(`the tag v99.0.0 is not the version package.json gives`)
  })

  it('as the release’s first step: exit 1 naming each missing secret and a wrong tag, 0 when all is there', () => {
    const { WIN_CSC_LINK: _, ...withoutWindowsCertificate } = allSet
    const failed = run(withoutWindowsCertificate, ['--tag', 'v99.0.0'])
    expect(failed.status).toBe(1)
    expect(failed.stderr).toContain('the secret WIN_CSC_LINK is not set (win32: the code-signing certificate')
    expect(failed.stderr).toContain('the tag v99.0.0 is not the version')
    expect(failed.stderr).toContain('nothing was built')

    const ok = run(allSet, ['--tag', `v${version}`])
    expect(ok.status).toBe(0)
    expect(ok.stdout).toContain(`every secret of linux, darwin, win32 is set, and v${version} is the version`)
    expect(run(allSet, ['--platfrom', 'linux']).status).toBe(2)
  })

  it('checks the names electron-builder.yml reads, and release.yml passes each of them to it', () => {
    const builderConfig = readFileSync('electron-builder.yml', 'utf8')
    for (const name of names) expect(builderConfig, name).toContain(name)
    const workflow = readFileSync('.github/workflows/release.yml', 'utf8')
    // The check's own step hands it every secret (GH_TOKEN is the workflow's GITHUB_TOKEN).
    for (const name of names)
      expect(workflow, name).toContain(
        `${name}: \${{ secrets.${name === 'GH_TOKEN' ? 'GITHUB_TOKEN' : name} }}`,
      )
    // And the workflow reads no secret the check does not know.
    const read = new Set([...workflow.matchAll(/secrets\.([A-Z_]+)/g)].map((match) => match[1]))
    expect([...read].filter((name) => name !== 'GITHUB_TOKEN' && !names.includes(name!))).toEqual([])
  })
})

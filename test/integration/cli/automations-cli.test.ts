// `automations show|set`, `reports` and `report retry` as scripts call them (the real CLI process), against
// the real sandbox: their output, and their exit codes (0 done, 1 failed or not found, 2 usage).
import { describe, expect, it } from 'vitest'
import { jsonLines, useCliSandbox } from '../support/cli-sandbox'

const { cli } = useCliSandbox('mediadeck-cli-automations-', 10_000_000)

describe('automations show and set', () => {
  it('turns a rule off and on again, and show says so in words and in JSON', async () => {
    const listed = jsonLines((await cli(['automations', '--limit', '1', '--json'])).stdout)[0]!
    const id = listed.id as string

    const off = await cli(['automations', 'set', id, 'like', 'off'])
    expect([off.code, off.stdout.trim(), off.stderr]).toEqual([0, `automation ${id}: like is now off`, ''])
    const shown = await cli(['automations', 'show', id])
    expect(shown.code).toBe(0)
    expect(shown.stdout).toContain(`automation ${id} on `)
    expect(shown.stdout).toMatch(/^ {2}like +off +likes comments$/m)

    const on = await cli(['automations', 'set', id, 'like', 'on'])
    expect(on.code).toBe(0)
    const json = jsonLines((await cli(['automations', 'show', id, '--json'])).stdout)
    expect(json).toHaveLength(1)
    expect(json[0]!.id).toBe(id)
    expect(json[0]!.config.like.isActive).toBe(true)
  })

  it('exit 2 for an unknown rule or state, exit 1 for an automation that does not exist', async () => {
    const rule = await cli(['automations', 'set', 'x', 'share', 'on'])
    expect(rule.code).toBe(2)
    expect(rule.stderr.trim().split('\n')).toHaveLength(1)
    expect(rule.stderr).toContain(
      'unknown rule "share": use one of delete, reply, like, message, chat, story',
    )
    expect((await cli(['automations', 'set', 'x', 'reply', 'maybe'])).code).toBe(2)
    expect((await cli(['automations', 'show'])).code).toBe(2)
    const missing = await cli(['automations', 'show', '000000000000000000000000'])
    expect(missing.code).toBe(1)
    expect(missing.stderr).toMatch(/automation not found/)
    expect(missing.stderr.trim().split('\n')).toHaveLength(1)
  })
})

describe('reports and report retry', () => {
  it('lists failed reports of one account, filtered by type, and refuses values outside the enums', async () => {
    const failed = jsonLines((await cli(['reports', '--status', 'error', '--json'])).stdout)
    expect(failed.length).toBeGreaterThan(0)
    expect(failed.every((r) => r.status === 'error')).toBe(true)
    const account = failed[0]!.accountId as string
    const mine = await cli(['reports', '--account', account, '--type', failed[0]!.type])
    expect(mine.code).toBe(0)
    expect(mine.stdout).toMatch(/page 1 of 1 — \d+ reports/)
    for (const line of mine.stdout.trim().split('\n').slice(0, -1))
      expect(line).toContain(` ${failed[0]!.type} `)
    const bad = await cli(['reports', '--status', 'pending'])
    expect(bad.code).toBe(2)
    expect(bad.stderr.trim()).toMatch(
      /^error: --status must be one of error, success, got "pending" \(usage: /,
    )
    expect((await cli(['reports', '--type', 'share'])).code).toBe(2)
  })

  it('retries a failed report: exit 0 when it worked, 1 when it failed again or does not exist', async () => {
    const failed = jsonLines((await cli(['reports', '--status', 'error', '--json'])).stdout)
    const fixable = failed.find((r) => r.account?.isConnected)!
    const stuck = failed.find((r) => r.account && !r.account.isConnected)!
    const ok = await cli(['report', 'retry', fixable.id])
    expect([ok.code, ok.stdout.trim()]).toEqual([0, `report ${fixable.id} retried: success`])
    const again = await cli(['report', 'retry', stuck.id])
    expect(again.code).toBe(1)
    expect(again.stderr.trim()).toMatch(/was retried and failed again: account .* is disconnected/)
    const missing = await cli(['report', 'retry', 'nope'])
    expect([missing.code, /report not found/.test(missing.stderr)]).toEqual([1, true])
  })
})

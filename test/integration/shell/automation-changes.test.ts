// The calls that change automations and retry their reports, through the host and its embedded sandbox:
// what the person changes reaches the service, a value outside the service's enums never leaves, one the
// service sent itself and that was left alone goes back unchanged, and bulk retries keep the retry budget.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAppHost, type AppHost } from '../../../main/host/app-host'
import { startAnswerDroppingProxy } from '../../support/answer-dropping-proxy'
import { until } from '../../support/manual-clock'

let root: string
let host: AppHost

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'automation-changes-'))
  host = await createAppHost({ dataDir: join(root, 'data'), mode: 'browser' })
})

afterAll(async () => {
  await host?.close()
  rmSync(root, { recursive: true, force: true })
})

async function first() {
  return (await host.call('automations:list', { page: 1, limit: 5 })).value.docs[0]!
}

describe('automations', () => {
  it('turns a rule off and edits a reply text; the answer is the automation as the service now holds it', async () => {
    const a = await first()
    const config = {
      ...a.config,
      reply: { ...a.config.reply, isActive: false, text: 'Terima kasih, cek DM ya' },
    }
    const saved = await host.call('automations:update', { id: a.id, config })
    expect(saved.config.reply.isActive).toBe(false)
    expect(saved.config.reply.text).toBe('Terima kasih, cek DM ya')
    expect(saved.config.like).toEqual(a.config.like)
    const again = await host.call('automations:get', { id: a.id })
    expect(again.config.reply.text).toBe('Terima kasih, cek DM ya')
  })

  it('refuses a value the service does not accept before sending it, naming the field', async () => {
    const a = await first()
    const config = {
      ...a.config,
      reply: { ...a.config.reply, delay: { isActive: true, value: 1, type: 'hour' } },
    }
    await expect(host.call('automations:update', { id: a.id, config })).rejects.toMatchObject({
      kind: 'validation',
      field: 'config.reply.delay.type',
      code: 'automation-value-not-accepted',
    })
    expect((await host.call('automations:get', { id: a.id })).config.reply.delay).toEqual(
      a.config.reply.delay,
    )
  })

  it('creates an automation for a published post, which then is no longer offered, and deletes it', async () => {
    const a = await first()
    const contents = await host.call('automations:contents', { accountId: a.accountId })
    expect(contents.length).toBeGreaterThan(0)
    const created = await host.call('automations:create', {
      contentId: contents[0]!.id,
      accountId: a.accountId,
      config: a.config,
    })
    expect(created.detail.id).toBe(contents[0]!.id)
    const after = await host.call('automations:contents', { accountId: a.accountId })
    expect(after.map((p) => p.id)).not.toContain(contents[0]!.id)
    await host.call('automations:delete', { id: created.id })
    await expect(host.call('automations:get', { id: created.id })).rejects.toMatchObject({
      kind: 'not-found',
    })
  })

  it("sets an account's default rules from a template", async () => {
    const [template] = await host.call('templates:list')
    const a = await first()
    await expect(
      host.call('automations:set-account-defaults', { accountId: a.accountId, config: template!.config }),
    ).resolves.toBeUndefined()
    await expect(
      host.call('automations:set-account-defaults', { accountId: 'nope', config: template!.config }),
    ).rejects.toMatchObject({ kind: 'not-found' })
  })

  it('refuses an empty rule set, a switch given as text and members it does not know, naming them; nothing changes', async () => {
    const a = await first()
    const refusal = (config: Record<string, unknown>) =>
      host.call('automations:update', { id: a.id, config }).then(
        () => null,
        (error: { field?: string; message: string; params?: { field?: string } }) => error,
      )
    // An empty set was sent as every rule at its default: all of them off.
    expect(await refusal({})).toMatchObject({ kind: 'validation', field: 'config' })
    expect(await refusal({ ...a.config, reply: { ...a.config.reply, isActive: 'true' } })).toMatchObject({
      field: 'config.reply.isActive',
      message: expect.stringMatching(/expected boolean/),
    })
    expect(await refusal({ ...a.config, colour: 'red' })).toMatchObject({
      field: 'config.colour',
      params: { field: 'config.colour' },
    })
    expect(await refusal({ ...a.config, like: { ...a.config.like, shade: 1 } })).toMatchObject({
      field: 'config.like.shade',
      code: 'request-invalid',
    })
    await expect(
      host.call('automations:create', { contentId: 'c', accountId: a.accountId, config: {} }),
    ).rejects.toMatchObject({ field: 'config' })
    await expect(
      host.call('templates:save', { name: 'x', config: { like: { isActive: 1 as unknown as boolean } } }),
    ).rejects.toMatchObject({ field: 'config.like.isActive' })
    // A new automation or template has no rules of the service's to send back: a member unknown is refused.
    const shaded = { ...a.config, like: { ...a.config.like, shade: 1 } }
    await expect(
      host.call('automations:create', { contentId: 'c', accountId: a.accountId, config: shaded }),
    ).rejects.toMatchObject({ field: 'config.like.shade', code: 'request-invalid' })
    await expect(host.call('templates:save', { name: 'x', config: shaded })).rejects.toMatchObject({
      field: 'config.like.shade',
    })
    expect((await host.call('templates:list')).map((x) => x.name)).not.toContain('x')
    expect((await host.call('automations:get', { id: a.id })).config).toEqual(a.config)
  })

  it('saves, renames and deletes a template', async () => {
    const a = await first()
    const saved = await host.call('templates:save', { name: 'Ramadan', config: a.config })
    expect(saved.name).toBe('Ramadan')
    const renamed = await host.call('templates:save', {
      id: saved.id,
      name: 'Ramadan 2',
      config: saved.config,
    })
    expect(renamed.name).toBe('Ramadan 2')
    expect((await host.call('templates:list')).map((x) => x.name)).toContain('Ramadan 2')
    await host.call('templates:delete', { id: saved.id })
    expect((await host.call('templates:list')).map((x) => x.name)).not.toContain('Ramadan 2')
  })
})

describe('changes of one automation against a slow service', () => {
  it('two switches flipped at once, each on the rules read before either: both are kept, one PUT at a time', async () => {
    // The service reached through a proxy that holds each save until the test hands it on: a slow line.
    const proxy = await startAnswerDroppingProxy(host.sandbox.url)
    const profile = await host.call('profiles:save', {
      name: 'Slow sandbox',
      baseUrl: proxy.url,
      ...host.sandbox.credentials,
    })
    try {
      await host.call('profiles:activate', { id: profile.id })
      const a = await first()
      const base = {
        ...a.config,
        reply: { ...a.config.reply, isActive: true },
        like: { ...a.config.like, isActive: true },
      }
      await host.call('automations:update', { id: a.id, config: base })
      const puts = () => proxy.seen.filter((r) => r.startsWith('PUT /public/automation/')).length
      const before = puts()
      proxy.setRule((method) => (method === 'PUT' ? 'slow' : 'pass'))
      // Two windows (or a page and a reload) on the same copy: Reply off, then Like off within 300 ms.
      const replyOff = host.call('automations:update', {
        id: a.id,
        base,
        config: { ...base, reply: { ...base.reply, isActive: false } },
      })
      const likeOff = host.call('automations:update', {
        id: a.id,
        base,
        config: { ...base, like: { ...base.like, isActive: false } },
      })
      await until(() => proxy.held() === 1, 'the first save at the proxy')
      // The second waits for the first: nothing of it reached the service while the first was under way.
      expect(puts() - before).toBe(1)
      await proxy.release()
      await expect(replyOff).resolves.toMatchObject({ config: { reply: { isActive: false } } })
      await until(() => proxy.held() === 1, 'the second save at the proxy')
      await proxy.release()
      const saved = await likeOff
      expect(saved.config.reply.isActive).toBe(false)
      expect(saved.config.like.isActive).toBe(false)
      expect(puts() - before).toBe(2)
      proxy.setRule(() => 'pass')
      const now = await host.call('automations:get', { id: a.id })
      expect([now.config.reply.isActive, now.config.like.isActive]).toEqual([false, false])
      // Without a base the rules given replace the service's whole, as before.
      await host.call('automations:update', { id: a.id, config: a.config })
      expect((await host.call('automations:get', { id: a.id })).config).toEqual(a.config)
    } finally {
      proxy.setRule(() => 'pass')
      await proxy.release()
      await host.call('profiles:activate', { id: 'sandbox' })
      await host.call('profiles:delete', { id: profile.id })
      await proxy.close()
    }
  })
})

describe('two windows changing one list of an automation', () => {
  it('each adding a keyword on the same copy: both keywords are kept', async () => {
    const a = await first()
    const words = a.config.delete.keywords ?? []
    // Both windows opened the automation on this copy; each adds its word and saves.
    const base = a.config
    const adding = (word: string) => ({
      ...base,
      delete: { ...base.delete, keywords: [...words, word] },
    })
    await host.call('automations:update', { id: a.id, base, config: adding('giveaway') })
    const saved = await host.call('automations:update', { id: a.id, base, config: adding('promo') })
    expect(saved.config.delete.keywords).toEqual([...words, 'promo', 'giveaway'])
    // A word one window took out goes, even while the other adds one on the older copy.
    const now = saved.config
    await host.call('automations:update', {
      id: a.id,
      base: now,
      config: { ...now, delete: { ...now.delete, keywords: [...words, 'promo'] } },
    })
    const last = await host.call('automations:update', {
      id: a.id,
      base: now,
      config: { ...now, delete: { ...now.delete, keywords: [...now.delete.keywords, 'sale'] } },
    })
    expect(last.config.delete.keywords).toEqual([...words, 'promo', 'sale'])
    await host.call('automations:update', { id: a.id, config: a.config })
  })
})

describe('reports', () => {
  it('lists filtered reports and refuses a type outside the enum before any request', async () => {
    const failed = await host.call('reports:list', { page: 1, limit: 100, status: 'error' })
    expect(failed.value.docs.length).toBeGreaterThan(0)
    expect(failed.value.docs.every((r) => r.status === 'error')).toBe(true)
    await expect(
      host.call('reports:list', { page: 1, limit: 10, type: 'share' as 'reply' }),
    ).rejects.toMatchObject({ kind: 'validation' })
  })

  it('retries several within each account budget: the fourth of an account in an hour is held', async () => {
    const all = (await host.call('reports:list', { page: 1, limit: 100, status: 'error' })).value.docs
    const byAccount = new Map<string, string[]>()
    for (const r of all) byAccount.set(r.accountId, [...(byAccount.get(r.accountId) ?? []), r.id])
    const [accountId, ids] = [...byAccount].sort((x, y) => y[1].length - x[1].length)[0]!
    expect(ids.length).toBeGreaterThanOrEqual(4)
    const results = await host.call('reports:retry', { ids: ids.slice(0, 4) })
    expect(results.slice(0, 3).every((r) => r.ok)).toBe(true)
    expect(results[3]).toMatchObject({ ok: false, held: { resetsAt: expect.any(String) } })
    // A retry asked for alone always goes, and says the account is past its budget.
    const [single] = await host.call('reports:retry', { ids: [ids[3]!] })
    expect(single).toMatchObject({ ok: true, warned: true })
    expect(accountId).toBeTruthy()
  })

  it('retries a report asked for twice, in one call or in two at once, once', async () => {
    const failed = (await host.call('reports:list', { page: 1, limit: 100, status: 'error' })).value.docs
    // The sandbox refuses a second retry of a report the first one fixed: a second PUT shows as a failure.
    const retriable = failed.filter((r) => !/disconnect|gone|not found/i.test(r.errorMessage ?? ''))
    const [one, other] = retriable.slice(-2).map((r) => r.id)
    const twice = await host.call('reports:retry', { ids: [one!, one!] })
    expect(twice).toEqual([
      expect.objectContaining({ id: one, ok: true, status: 'success' }),
      expect.objectContaining({ id: one, ok: true, status: 'success' }),
    ])
    const atOnce = await Promise.all([
      host.call('reports:retry', { ids: [other!] }),
      host.call('reports:retry', { ids: [other!] }),
    ])
    expect(atOnce.flat()).toEqual([
      expect.objectContaining({ id: other, ok: true, status: 'success' }),
      expect.objectContaining({ id: other, ok: true, status: 'success' }),
    ])
  })
})

// Automation changes as a hostile or broken page could send them over IPC: members named after Object's own
// (__proto__, constructor, toString), a rule set nested far deeper or far longer than any the service holds, and
// a change sent with one rule over a whole copy. Each is refused by name before anything reaches the service,
// or changes only what it names; nothing of Object's prototype changes.
const refusalOf = (call: Promise<unknown>) =>
  call.then(
    () => null,
    (error: { kind?: string; field?: string; message?: string }) => error,
  )

describe('hostile automation changes over IPC', () => {
  it("members named after Object's own are refused as unknown, by name, and change no prototype", async () => {
    const a = await first()
    for (const [member, path] of [
      ['constructor', 'config.reply.constructor'],
      ['toString', 'config.reply.toString'],
      ['hasOwnProperty', 'config.reply.hasOwnProperty'],
    ] as const) {
      const config = {
        ...a.config,
        reply: { ...a.config.reply, [member]: { prototype: { polluted: 'yes' } } },
      }
      for (const request of [
        { id: a.id, config },
        { id: a.id, config, base: a.config },
      ]) {
        expect(await refusalOf(host.call('automations:update', request))).toMatchObject({
          kind: 'validation',
          field: path,
        })
      }
      await expect(
        host.call('automations:create', { contentId: 'c', accountId: a.accountId, config }),
      ).rejects.toMatchObject({ field: path })
    }
    const proto = JSON.parse(
      `{"like":{"isActive":${!a.config.like.isActive},"__proto__":{"polluted":"yes"}}}`,
    ) as Record<string, unknown>
    const answer = await refusalOf(
      host.call('automations:update', { id: a.id, config: { ...a.config, ...proto }, base: a.config }),
    )
    // Either refused as unknown, or dropped before it could be sent: never a prototype, never on the service.
    if (answer) expect(answer).toMatchObject({ kind: 'validation', field: 'config.like.__proto__' })
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    const now = await host.call('automations:get', { id: a.id })
    expect(Object.hasOwn(now.config.like, '__proto__')).toBe(false)
    // The refused changes left the rule they named as it was.
    expect(now.config.reply).toEqual(a.config.reply)
    await host.call('automations:update', { id: a.id, config: { like: a.config.like }, base: now.config })
  })

  it("an account's defaults refuse members the app does not know, and those named after Object's own, by name", async () => {
    const [template] = await host.call('templates:list')
    const { accountId } = await first()
    const config = template!.config
    for (const [rule, member] of [
      ['like', 'shade'],
      ['reply', 'constructor'],
      ['reply', 'toString'],
      ['message', 'hasOwnProperty'],
    ] as const) {
      const hostile = { ...config, [rule]: { ...config[rule], [member]: { prototype: { polluted: 'yes' } } } }
      expect(
        await refusalOf(host.call('automations:set-account-defaults', { accountId, config: hostile })),
      ).toMatchObject({ kind: 'validation', field: `config.${rule}.${member}` })
    }
    // A rule the app does not know at all is refused by the call's schema, before the handler.
    expect(
      await refusalOf(
        host.call('automations:set-account-defaults', {
          accountId,
          config: { ...config, share: { isActive: true } } as typeof config,
        }),
      ),
    ).toMatchObject({ kind: 'validation' })
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('one rule sent over a whole copy changes that rule alone: the others are not reset', async () => {
    const a = await first()
    const like = { ...a.config.like, isActive: !a.config.like.isActive }
    await host.call('automations:update', { id: a.id, config: { like }, base: a.config })
    expect((await host.call('automations:get', { id: a.id })).config).toEqual({ ...a.config, like })
    await host.call('automations:update', { id: a.id, config: a.config })
  })

  it('a rule set nested 100,000 deep, or with a million words, is refused; nothing changes', async () => {
    const a = await first()
    const deep: Record<string, unknown> = {}
    let at = deep
    for (let i = 0; i < 100_000; i++) {
      const next = {}
      at.x = next
      at = next
    }
    const words = Array.from({ length: 1_000_000 }, () => 'a')
    for (const request of [
      { id: a.id, config: { like: { isActive: true, extra: deep } } },
      { id: a.id, config: { like: { isActive: true } }, base: { like: { isActive: false, extra: deep } } },
      { id: a.id, config: { delete: { isActive: true, keywords: words } } },
    ]) {
      expect(await refusalOf(host.call('automations:update', request))).toMatchObject({ kind: 'validation' })
    }
    expect((await host.call('automations:get', { id: a.id })).config).toEqual(a.config)
  })
})

// Changing automations, templates, account defaults and reports (the newer OpenAPI description): plans, the
// enums and required members of the bodies, the 404 messages, the demo reports and the retry's outcome.
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { configBody } from '../../../common/automation-edit'
import { automationSchema, pageSchema, reportSchema, templateSchema } from '../../../common/service'
import { call, GOLD_AUTH, STD_AUTH, startTestSandbox, type TestSandbox } from './helpers'

let t: TestSandbox
let base: string

beforeAll(async () => {
  t = await startTestSandbox()
  base = t.sandbox.url
})
afterAll(() => t.stop())

// The newer description, read from the shared reference copy: its examples are what the service answers.
const NEWER = JSON.parse(
  readFileSync(new URL('../../../sandbox/reference/service-openapi-newer.json', import.meta.url), 'utf8'),
) as { paths: Record<string, Record<string, any>> } // eslint-disable-line @typescript-eslint/no-explicit-any

async function firstAutomation() {
  const page = pageSchema(automationSchema).parse(
    (await call(base, 'GET', '/public/automation?page=1&limit=5')).json,
  )
  return page.docs[0]!
}

describe('automations', () => {
  it('gets one by id, and names a missing one', async () => {
    const a = await firstAutomation()
    const one = await call(base, 'GET', `/public/automation/${a.id}`)
    expect(one.status).toBe(200)
    expect(automationSchema.parse(one.json).id).toBe(a.id)
    const missing = await call(base, 'GET', '/public/automation/000000000000000000000000')
    expect(missing.status).toBe(404)
    expect(missing.json).toEqual({ code: 404, message: 'automation not found' })
  })

  it('needs Gold: a Standard user is refused with 402 invalid plan', async () => {
    for (const [method, path] of [
      ['GET', '/public/automation/x'],
      ['PUT', '/public/automation/x'],
      ['DELETE', '/public/automation/x'],
      ['POST', '/public/automation'],
      ['GET', '/public/report?page=1&limit=1'],
      ['PUT', '/public/report/x/retry'],
      ['GET', '/public/template?page=1&limit=1'],
    ] as const) {
      const answer = await call(base, method, path, { auth: STD_AUTH, body: {} })
      expect([method, path, answer.status, answer.json]).toEqual([
        method,
        path,
        402,
        { code: 402, message: 'invalid plan' },
      ])
    }
    const gold = await call(base, 'GET', '/public/report?page=1&limit=1', { auth: GOLD_AUTH })
    expect(gold.status).toBe(200)
  })

  it('replaces the rules (204), refusing a value outside the enums and a missing rule with 400', async () => {
    const a = await firstAutomation()
    const config = configBody(a.config, ['delete', 'reply', 'like', 'message', 'story'])
    const bad = await call(base, 'PUT', `/public/automation/${a.id}`, {
      body: { config: { ...config, reply: { ...(config.reply as object), type: 'telepathy' } } },
    })
    expect(bad.status).toBe(400)
    expect(bad.json.message).toBe('config.reply.type: must be one of ai, text, keyword')
    const badDelay = await call(base, 'PUT', `/public/automation/${a.id}`, {
      body: {
        config: {
          ...config,
          reply: { ...(config.reply as object), delay: { isActive: true, value: 2, type: 'hour' } },
        },
      },
    })
    expect(badDelay.json.message).toBe('config.reply.delay.type: must be one of second, minute')
    const { story: _story, ...withoutStory } = config
    const missing = await call(base, 'PUT', `/public/automation/${a.id}`, { body: { config: withoutStory } })
    expect(missing.status).toBe(400)
    expect(missing.json.message).toBe('config.story: is required')

    const changed = { ...config, like: { isActive: !a.config.like.isActive } }
    const ok = await call(base, 'PUT', `/public/automation/${a.id}`, { body: { config: changed } })
    expect(ok.status).toBe(204)
    const after = automationSchema.parse((await call(base, 'GET', `/public/automation/${a.id}`)).json)
    expect(after.config.like.isActive).toBe(!a.config.like.isActive)
    expect(after.config.reply).toEqual(a.config.reply)
    expect((await call(base, 'PUT', '/public/automation/nope', { body: { config } })).json).toEqual({
      code: 404,
      message: 'automation not found',
    })
  })

  it('every demo automation can be saved back as read (the oldest once its missing rules are filled in)', async () => {
    const page = pageSchema(automationSchema).parse(
      (await call(base, 'GET', '/public/automation?page=1&limit=100')).json,
    )
    for (const a of page.docs) {
      const answer = await call(base, 'PUT', `/public/automation/${a.id}`, {
        body: { config: configBody(a.config, ['delete', 'reply', 'like', 'message', 'story']) },
      })
      expect([a.id, answer.status, answer.text]).toEqual([a.id, 204, ''])
    }
  })

  it('creates one for a published post of the account (200 {automationId}), and deletes it', async () => {
    const posts = (await call(base, 'GET', '/public/schedule?page=1&limit=100&status=success')).json.docs
    const post = posts[0]
    const a = await firstAutomation()
    const config = configBody(a.config, ['delete', 'reply', 'like', 'message', 'story'])
    const wrongContent = await call(base, 'POST', '/public/automation', {
      body: { contentId: 'nope', accountId: post.accountId, config },
    })
    expect(wrongContent.json).toEqual({ code: 404, message: 'content not found' })
    const wrongAccount = await call(base, 'POST', '/public/automation', {
      body: { contentId: post._id, accountId: 'nope', config },
    })
    expect(wrongAccount.json).toEqual({ code: 404, message: 'account not found' })

    const created = await call(base, 'POST', '/public/automation', {
      body: { contentId: post._id, accountId: post.accountId, config },
    })
    expect(created.status).toBe(200)
    expect(Object.keys(created.json)).toEqual(
      Object.keys(
        NEWER.paths['/public/automation']!.post.responses['200'].content['application/json'].example,
      ),
    )
    const id = created.json.automationId as string
    const read = automationSchema.parse((await call(base, 'GET', `/public/automation/${id}`)).json)
    expect(read.detail.id).toBe(post._id)
    expect(read.detail.title).toBe(post.title)
    expect(read.account?.id).toBe(post.accountId)
    const again = await call(base, 'POST', '/public/automation', {
      body: { contentId: post._id, accountId: post.accountId, config },
    })
    expect(again.status).toBe(400)

    expect((await call(base, 'DELETE', `/public/automation/${id}`)).status).toBe(204)
    expect((await call(base, 'GET', `/public/automation/${id}`)).status).toBe(404)
    expect((await call(base, 'DELETE', `/public/automation/${id}`)).json).toEqual({
      code: 404,
      message: 'automation not found',
    })
  })

  it("sets an account's default rules: all six rules required, 404 for an unknown account", async () => {
    const a = await firstAutomation()
    const defaults = configBody(a.config)
    const ok = await call(base, 'PUT', `/public/account/${a.accountId}/automation`, { body: defaults })
    expect(ok.status).toBe(204)
    const { chat: _chat, ...noChat } = defaults
    const missing = await call(base, 'PUT', `/public/account/${a.accountId}/automation`, { body: noChat })
    expect(missing.json).toEqual({ code: 400, message: 'chat: is required' })
    const unknown = await call(base, 'PUT', '/public/account/nope/automation', { body: defaults })
    expect(unknown.json).toEqual({ code: 404, message: 'account not found' })
    // The defaults are not part of the account as listed.
    const accounts = (await call(base, 'GET', '/public/account?page=1&limit=100')).json.docs
    expect(accounts.find((x: { id: string }) => x.id === a.accountId)).not.toHaveProperty(
      'automationDefaults',
    )
  })
})

describe('templates', () => {
  it('lists the demo templates, and creates, reads, replaces and deletes one', async () => {
    const list = pageSchema(templateSchema).parse(
      (await call(base, 'GET', '/public/template?page=1&limit=20')).json,
    )
    expect(list.docs.map((x) => x.name)).toEqual(['Thank you + DM', 'Balas cepat promo'])
    const config = configBody(list.docs[0]!.config)
    const created = await call(base, 'POST', '/public/template', { body: { name: 'Sale week', config } })
    expect(created.status).toBe(200)
    const id = created.json._id as string
    expect(templateSchema.parse((await call(base, 'GET', `/public/template/${id}`)).json).name).toBe(
      'Sale week',
    )
    const renamed = await call(base, 'PUT', `/public/template/${id}`, {
      body: { name: 'Sale week 2', config },
    })
    expect(renamed.status).toBe(204)
    const search = (await call(base, 'GET', '/public/template?page=1&limit=20&search=week')).json
    expect(search.docs.map((x: { name: string }) => x.name)).toEqual(['Sale week 2'])
    const bad = await call(base, 'POST', '/public/template', {
      body: { name: 'x', config: { ...config, chat: { ...(config.chat as object), type: 'opening' } } },
    })
    expect(bad.json).toEqual({ code: 400, message: 'config.chat.type: must be one of ai, text, keyword' })
    expect((await call(base, 'DELETE', `/public/template/${id}`)).status).toBe(204)
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const gone = await call(base, method, `/public/template/${id}`, { body: { name: 'x', config } })
      expect(gone.json).toEqual({ code: 404, message: 'template not found' })
    }
  })
})

describe('reports', () => {
  const reportPage = pageSchema(reportSchema)
  const list = async (query: string) =>
    reportPage.parse((await call(base, 'GET', `/public/report?${query}`)).json)

  it('are seeded newest first, some failed with a reason, in the shape of the example', async () => {
    const page = await list('page=1&limit=100')
    expect(page.totalDocs).toBe(30)
    const failed = page.docs.filter((r) => r.status === 'error')
    expect(failed.length).toBeGreaterThanOrEqual(5)
    for (const r of failed) expect(r.errorMessage).toBeTruthy()
    expect(failed.some((r) => r.errorMessage!.includes('disconnected'))).toBe(true)
    const dates = page.docs.map((r) => r.createdAt)
    expect(dates).toEqual([...dates].sort().reverse())
    const example =
      NEWER.paths['/public/report']!.get.responses['200'].content['application/json'].example.docs[0]
    const raw = (await call(base, 'GET', '/public/report?page=1&limit=1')).json.docs[0]
    for (const key of Object.keys(example)) expect(raw).toHaveProperty(key)
    expect(raw.account.id).toBe(raw.accountId)
  })

  it('filter by type, status, accounts and search, and refuse values outside the enums', async () => {
    const all = (await list('page=1&limit=100')).docs
    const replies = await list('page=1&limit=100&type=reply')
    expect(replies.docs.length).toBe(all.filter((r) => r.type === 'reply').length)
    const errors = await list('page=1&limit=100&status=error')
    expect(errors.docs.every((r) => r.status === 'error')).toBe(true)
    const account = all[0]!.accountId
    const mine = await list(`page=1&limit=100&accountIds[]=${account}`)
    expect(mine.docs.every((r) => r.accountId === account)).toBe(true)
    expect(mine.docs.length).toBe(all.filter((r) => r.accountId === account).length)
    const name = all[0]!.value.owner!.name
    expect((await list(`page=1&limit=100&search=${encodeURIComponent(name)}`)).docs.length).toBeGreaterThan(0)
    const badType = await call(base, 'GET', '/public/report?page=1&limit=10&type=share')
    expect(badType.json).toEqual({
      code: 400,
      message: 'type must be one of delete, reply, like, message, chat, story',
    })
    const badStatus = await call(base, 'GET', '/public/report?page=1&limit=10&status=pending')
    expect(badStatus.json).toEqual({ code: 400, message: 'status must be one of error, success' })
  })

  it('retry: succeeds where the account is connected, fails again where it is not, until reconnected', async () => {
    const errors = (await list('page=1&limit=100&status=error')).docs
    const onConnected = errors.find((r) => r.account?.isConnected)!
    const onDisconnected = errors.find((r) => r.account && !r.account.isConnected)!

    expect((await call(base, 'PUT', `/public/report/${onConnected.id}/retry`)).status).toBe(204)
    const done = reportSchema.parse((await call(base, 'GET', `/public/report/${onConnected.id}`)).json)
    expect(done.status).toBe('success')
    expect(done.errorMessage).toBeUndefined()
    const twice = await call(base, 'PUT', `/public/report/${onConnected.id}/retry`)
    expect(twice.json).toEqual({ code: 400, message: 'only a failed report can be retried (it is success)' })

    expect((await call(base, 'PUT', `/public/report/${onDisconnected.id}/retry`)).status).toBe(204)
    const still = reportSchema.parse((await call(base, 'GET', `/public/report/${onDisconnected.id}`)).json)
    expect(still.status).toBe('error')
    expect(still.errorMessage).toMatch(/is disconnected; reconnect it and retry$/)

    await t.sandbox.setAccountConnected(onDisconnected.accountId, true)
    await call(base, 'PUT', `/public/report/${onDisconnected.id}/retry`)
    const fixed = reportSchema.parse((await call(base, 'GET', `/public/report/${onDisconnected.id}`)).json)
    expect(fixed.status).toBe('success')
    await t.sandbox.setAccountConnected(onDisconnected.accountId, false)

    for (const method of ['GET'] as const) {
      expect((await call(base, method, '/public/report/nope')).json).toEqual({
        code: 404,
        message: 'report not found',
      })
    }
    expect((await call(base, 'PUT', '/public/report/nope/retry')).json).toEqual({
      code: 404,
      message: 'report not found',
    })
  })
})

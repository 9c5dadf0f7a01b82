// The comment queue over real HTTP (GET /public/comment and its operations): the demo's comments, the filters
// (status, accounts in the three array forms clients send, search), paging, the account's text-only reply, the
// status, removal, the errors the service gives, and the automations that answer new comments with a report.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, STD_AUTH, startTestSandbox, type TestSandbox } from './helpers'

let t: TestSandbox
let base: string
let accounts: any[]

beforeAll(async () => {
  t = await startTestSandbox()
  base = t.sandbox.url
  accounts = (await call(base, 'GET', '/public/account?page=1&limit=20')).json.docs
})
afterAll(() => t.stop())

const list = async (query: string) => {
  const answer = await call(base, 'GET', `/public/comment?${query}`)
  expect(answer.status, answer.text).toBe(200)
  return answer.json
}

describe('the demo queue', () => {
  it('holds pending, resolved and ignored comments, newest first, each with its content and account', async () => {
    const all = await list('page=1&limit=100')
    expect(all.totalDocs).toBeGreaterThanOrEqual(15)
    const statuses = new Set(all.docs.map((c: any) => c.status))
    expect(statuses).toEqual(new Set(['pending', 'resolved', 'ignored']))
    const dates = all.docs.map((c: any) => c.createdAt)
    expect(dates).toEqual([...dates].sort().reverse())
    for (const c of all.docs) {
      expect(c.id).toBe(c._id)
      expect(c.account.id).toBe(c.accountId)
      expect(c.content.statistic.comment).toBeGreaterThanOrEqual(1)
      expect(typeof c.comment.text).toBe('string')
    }
    // Text a client must show as text, and a line break it must keep or escape.
    expect(all.docs.some((c: any) => c.comment.text.includes('<b>'))).toBe(true)
    expect(all.docs.some((c: any) => c.comment.text.includes('\n'))).toBe(true)
  })

  it("an answered comment's reply report names the automation that answered it", async () => {
    const resolved = (await list('page=1&limit=100&status=resolved')).docs
    const answered = resolved.filter((c: any) => c.comment.replies.length > 0)
    expect(answered.length).toBeGreaterThan(0)
    const reports = (await call(base, 'GET', '/public/report?page=1&limit=100&type=reply')).json.docs
    const automations = (await call(base, 'GET', '/public/automation?page=1&limit=100')).json.docs
    for (const c of answered) {
      const report = reports.find((r: any) => r.value.id === c.comment.id)
      expect(report.value.reply.text).toBe(c.comment.replies[0].text)
      expect(report.value.reply.owner.id).toBe(c.account.generatedId)
      const automation = automations.find(
        (a: any) => a.accountId === c.accountId && a.detail.id === c.content.id,
      )
      expect(automation).toBeTruthy()
      expect(report.contentLiveId).toBe(`${c.account.generatedId}_${automation.detail.id}`)
    }
  })
})

describe('filters and paging', () => {
  it('by status, each of the three, and refuses another value', async () => {
    const all = (await list('page=1&limit=100')).docs
    for (const status of ['pending', 'resolved', 'ignored']) {
      const some = await list(`page=1&limit=100&status=${status}`)
      expect(some.docs.map((c: any) => c.id)).toEqual(
        all.filter((c: any) => c.status === status).map((c: any) => c.id),
      )
    }
    const bad = await call(base, 'GET', '/public/comment?page=1&limit=10&status=unread')
    expect(bad.json).toEqual({ code: 400, message: 'status must be one of pending, resolved, ignored' })
  })

  it('by accounts, in all three array forms (k[]=a, k=a repeated, k[0]=a)', async () => {
    const all = (await list('page=1&limit=100')).docs
    const [a, b] = [...new Set(all.map((c: any) => c.accountId))] as string[]
    const expected = all.filter((c: any) => c.accountId === a || c.accountId === b).map((c: any) => c.id)
    expect(expected.length).toBeGreaterThan(0)
    for (const q of [
      `accountIds[]=${a}&accountIds[]=${b}`,
      `accountIds=${a}&accountIds=${b}`,
      `accountIds[0]=${a}&accountIds[1]=${b}`,
    ]) {
      expect((await list(`page=1&limit=100&${q}`)).docs.map((c: any) => c.id)).toEqual(expected)
    }
    expect((await list('page=1&limit=100&accountIds[]=000000000000000000000000')).totalDocs).toBe(0)
  })

  it('by a search in the text, the commenter or the account, whatever the case', async () => {
    const all = (await list('page=1&limit=100')).docs
    const c = all.find((x: any) => x.comment.text.includes('Surabaya'))
    const byText = await list('page=1&limit=100&search=SURABAYA')
    expect(byText.docs.map((x: any) => x.id)).toEqual([c.id])
    const byName = await list(`page=1&limit=100&search=${encodeURIComponent(c.comment.owner.name)}`)
    expect(byName.docs.map((x: any) => x.id)).toContain(c.id)
    expect((await list('page=1&limit=100&search=zzzz-nothing')).totalDocs).toBe(0)
  })

  it('pages as mongoose-paginate, and requires page and limit', async () => {
    const all = await list('page=1&limit=100')
    const second = await list('page=2&limit=5')
    expect(second).toMatchObject({
      totalDocs: all.totalDocs,
      page: 2,
      limit: 5,
      prevPage: 1,
      pagingCounter: 6,
    })
    expect(second.docs.map((c: any) => c.id)).toEqual(all.docs.slice(5, 10).map((c: any) => c.id))
    expect((await call(base, 'GET', '/public/comment?page=1')).json).toEqual({
      code: 400,
      message: 'limit is required',
    })
  })

  it('needs only Standard', async () => {
    const answer = await call(base, 'GET', '/public/comment?page=1&limit=10', { auth: STD_AUTH })
    expect(answer.status).toBe(200)
    expect(answer.json.totalDocs).toBe(0)
  })
})

describe('one comment: get, reply, status, remove', () => {
  async function freshComment(text: string) {
    const added = await t.sandbox.addIncoming('demo', {
      comments: [{ accountId: accounts.find((a) => a.type === 'instagram').id, text, from: 'Tono' }],
    })
    return added.comments[0]!
  }

  it("a reply is the account's text under it, written now, and resolves it", async () => {
    const c = await freshComment('Warna lain ada?')
    t.clock.advance(60_000)
    const reply = await call(base, 'POST', `/public/comment/${c.id}`, { body: { text: 'Ada 3 warna kak.' } })
    expect(reply.status).toBe(200)
    const one = (await call(base, 'GET', `/public/comment/${c.id}`)).json
    expect(one.status).toBe('resolved')
    expect(one.comment.replies).toEqual([
      expect.objectContaining({
        id: reply.json.commentId,
        text: 'Ada 3 warna kak.',
        owner: expect.objectContaining({ id: one.account.generatedId, name: one.account.name }),
        createdAt: t.clock.now().toISOString(),
      }),
    ])
  })

  it('refuses media (text only, per the OpenAPI), empty text and a missing text, and adds nothing', async () => {
    const c = await freshComment('Bisa kirim foto detailnya?')
    const withMedia = await call(base, 'POST', `/public/comment/${c.id}`, {
      body: { text: 'Ini fotonya', medias: [{ type: 'image', url: 'https://example.com/a.png' }] },
    })
    expect(withMedia.json).toEqual({ code: 400, message: 'medias: a comment reply takes text only' })
    const image = await call(base, 'POST', `/public/comment/${c.id}`, {
      body: { text: 'Ini fotonya', image: { url: 'https://example.com/a.png', mimetype: 'image/png' } },
    })
    expect(image.json).toEqual({ code: 400, message: 'image: a comment reply takes text only' })
    expect((await call(base, 'POST', `/public/comment/${c.id}`, { body: { text: ' ' } })).json).toEqual({
      code: 400,
      message: 'text: must not be empty',
    })
    expect((await call(base, 'POST', `/public/comment/${c.id}`, { body: {} })).json).toEqual({
      code: 400,
      message: 'text: is required',
    })
    const one = (await call(base, 'GET', `/public/comment/${c.id}`)).json
    expect([one.status, one.comment.replies]).toEqual(['pending', []])
  })

  it('a reply on a disconnected account is refused with the reason', async () => {
    const threads = accounts.find((a) => !a.isConnected)
    await t.sandbox.setAccountConnected(threads.id, true)
    const added = await t.sandbox.addIncoming('demo', { comments: [{ accountId: threads.id, text: 'Halo' }] })
    await t.sandbox.setAccountConnected(threads.id, false)
    const reply = await call(base, 'POST', `/public/comment/${added.comments[0]!.id}`, {
      body: { text: 'Hai' },
    })
    expect(reply.json).toEqual({
      code: 400,
      message: `account ${threads.name} (threads) is disconnected; reconnect it and retry`,
    })
  })

  it('status changes to each value, and refuses another', async () => {
    const c = await freshComment('Spam?')
    for (const status of ['ignored', 'resolved', 'pending']) {
      const put = await call(base, 'PUT', `/public/comment/${c.id}/status`, { body: { status } })
      expect(put.status).toBe(204)
      expect((await call(base, 'GET', `/public/comment/${c.id}`)).json.status).toBe(status)
    }
    const bad = await call(base, 'PUT', `/public/comment/${c.id}/status`, { body: { status: 'done' } })
    expect(bad.json).toEqual({ code: 400, message: 'status: must be one of pending, resolved, ignored' })
  })

  it('removal answers 204, then the comment is gone everywhere; unknown ids are 404 comment not found', async () => {
    const c = await freshComment('Hapus saya')
    expect((await call(base, 'DELETE', `/public/comment/${c.id}`)).status).toBe(204)
    for (const [method, path, body] of [
      ['GET', `/public/comment/${c.id}`, undefined],
      ['POST', `/public/comment/${c.id}`, { text: 'x' }],
      ['PUT', `/public/comment/${c.id}/status`, { status: 'resolved' }],
      ['DELETE', `/public/comment/${c.id}`, undefined],
    ] as const) {
      const answer = await call(base, method, path, { body })
      expect([method, answer.status, answer.json]).toEqual([
        method,
        404,
        { code: 404, message: 'comment not found' },
      ])
    }
    const onPlatform = await call(
      base,
      'GET',
      `/public/content/${c.contentId}/comment?accountId=${c.accountId}`,
    )
    expect(onPlatform.json.docs.map((x: any) => x.id)).not.toContain(c.commentId)
  })
})

describe('automations act on new comments', () => {
  it('the reply rule answers at once and reports it; on a disconnected account the report is a failure', async () => {
    const automations = (await call(base, 'GET', '/public/automation?page=1&limit=100')).json.docs
    // A rule that answers every comment: plain text, no condition or exception to pass.
    const answersAll = (a: any) =>
      a.config.reply.isActive &&
      a.config.reply.type === 'text' &&
      a.config.reply.text &&
      !a.config.reply.condition?.isActive &&
      !a.config.reply.exception?.isActive
    const replying = automations.find((a: any) => a.account?.isConnected && answersAll(a))
    expect(replying).toBeTruthy()
    t.clock.advance(60_000)
    const added = await t.sandbox.addIncoming('demo', {
      comments: [
        { accountId: replying.accountId, contentId: replying.detail.id, text: 'Masih ada?', from: 'Ayu' },
      ],
    })
    const c = (await call(base, 'GET', `/public/comment/${added.comments[0]!.id}`)).json
    expect(c.status).toBe('resolved')
    expect(c.comment.replies.map((r: any) => r.text)).toEqual([replying.config.reply.text])
    const reports = (await call(base, 'GET', `/public/report?page=1&limit=100&type=reply`)).json.docs
    const report = reports.find((r: any) => r.value.id === c.comment.id)
    expect(report).toMatchObject({ status: 'success', accountId: replying.accountId })
    expect(report.value.reply.text).toBe(replying.config.reply.text)

    await t.sandbox.setAccountConnected(replying.accountId, false)
    const failed = await t.sandbox.addIncoming('demo', {
      comments: [
        { accountId: replying.accountId, contentId: replying.detail.id, text: 'Halo?', from: 'Ayu' },
      ],
    })
    await t.sandbox.setAccountConnected(replying.accountId, true)
    const pending = (await call(base, 'GET', `/public/comment/${failed.comments[0]!.id}`)).json
    expect([pending.status, pending.comment.replies]).toEqual(['pending', []])
    const errors = (await call(base, 'GET', `/public/report?page=1&limit=100&type=reply&status=error`)).json
      .docs
    expect(errors.find((r: any) => r.value.id === pending.comment.id).errorMessage).toMatch(/is disconnected/)
  })
})

// The sandbox against the service's own published descriptions, both copies of sandbox/reference/ (the older
// service-openapi.json and service-openapi-newer.json), each read from its file at run time so a newer copy
// re-checks it. For every operation of each document that the sandbox
// serves: each request example (and, where an operation has none, the body its schema's examples make) is sent
// with its account id replaced by a demo account's and its time moved into the future, and must succeed (any
// 2xx); each response example's shape (members present, of the same type) is compared with the sandbox's answer.
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ACCOUNT_TYPES } from '../../../common/service'
import { ROUTES } from '../../../sandbox/index'
import { matchRoute } from '../../../sandbox/route'
import { call, GIB, put, startTestSandbox, type TestSandbox } from './helpers'

type Json = null | boolean | number | string | Json[] | { [k: string]: Json }
interface Schema {
  type?: string
  properties?: Record<string, Schema>
  items?: Schema
  example?: Json
  $ref?: string
  allOf?: Schema[]
}
interface Parameter {
  name: string
  in: 'query' | 'path'
  required?: boolean
  schema?: Schema
}
interface Content {
  example?: Json
  examples?: Record<string, { value: Json }>
  schema?: Schema
}
interface Operation {
  parameters?: Parameter[]
  requestBody?: { content?: Record<string, Content> }
  responses?: Record<string, { content?: Record<string, Content> }>
}

type Doc = {
  paths: Record<string, Record<string, Operation>>
  components: { schemas: Record<string, Schema> }
}

const COPIES = ['service-openapi.json', 'service-openapi-newer.json'] as const

function readCopy(name: string): Doc {
  return JSON.parse(
    readFileSync(new URL(`../../../sandbox/reference/${name}`, import.meta.url), 'utf8'),
  ) as Doc
}

const METHODS = ['get', 'post', 'put', 'delete'] as const

interface Op {
  method: (typeof METHODS)[number]
  path: string
  op: Operation
}

/** Operations the sandbox serves: its router takes the path (ids filled in) with that method. */
function servedOperations(DOC: Doc): Op[] {
  const out: Op[] = []
  for (const [path, item] of Object.entries(DOC.paths)) {
    for (const method of METHODS) {
      const op = item[method]
      if (!op) continue
      const match = matchRoute(ROUTES, method.toUpperCase(), path.replace(/\{[^}]+\}/g, 'x'))
      if (match && match !== 'method-not-allowed') out.push({ method, path, op })
    }
  }
  return out
}

function resolve(DOC: Doc, schema: Schema): Schema {
  return schema.$ref ? resolve(DOC, DOC.components.schemas[schema.$ref.split('/').pop()!]!) : schema
}

/** The example a schema's own `example` members make (for an operation whose body has no example). */
function exampleOf(DOC: Doc, schema: Schema): Json {
  const s = resolve(DOC, schema)
  if (s.example !== undefined) return s.example
  if (s.allOf) return Object.assign({}, ...s.allOf.map((part) => exampleOf(DOC, part) as object)) as Json
  if (s.properties) {
    return Object.fromEntries(Object.entries(s.properties).map(([k, v]) => [k, exampleOf(DOC, v)]))
  }
  if (s.items) return [exampleOf(DOC, s.items)]
  return null
}

function requestBodies(DOC: Doc, op: Operation): { name: string; body: Json }[] {
  const content = op.requestBody?.content?.['application/json']
  if (!content) return []
  if (content.examples) {
    return Object.entries(content.examples).map(([name, e]) => ({ name, body: e.value }))
  }
  if (content.example !== undefined) return [{ name: 'example', body: content.example }]
  return content.schema ? [{ name: 'schema examples', body: exampleOf(DOC, content.schema) }] : []
}

function successExamples(op: Operation): Json[] {
  const out: Json[] = []
  for (const [status, response] of Object.entries(op.responses ?? {})) {
    if (!/^2\d\d$/.test(status)) continue
    const content = response.content?.['application/json']
    if (content?.example !== undefined) out.push(content.example)
    for (const e of Object.values(content?.examples ?? {})) out.push(e.value)
  }
  return out
}

function kind(value: unknown): string {
  if (value === null) return 'null'
  return Array.isArray(value) ? 'array' : typeof value
}

/**
 * Where `actual` is not shaped like `example`: every member the example has is present with the same type. In
 * an array, a member counts only when every example item has it (the documented list shows an older record
 * without `topic` and `meta`); a `null` in the example says nothing about the type.
 */
function shapeProblems(example: unknown, actual: unknown, path = '$'): string[] {
  if (example === null) return []
  // A page's neighbours are null at either end of a list (mongoose-paginate, which the service's pages come
  // from): the example of a list in its middle shows numbers there.
  if (actual === null && /\.(nextPage|prevPage)$/.test(path)) return []
  if (kind(example) !== kind(actual))
    return [`${path}: ${kind(actual)} where the example has ${kind(example)}`]
  if (Array.isArray(example)) {
    const items = example.filter((e) => e !== null)
    if (items.length === 0 || (actual as unknown[]).length === 0) return []
    const common =
      items.every((e) => kind(e) === 'object') && items.length > 1
        ? Object.fromEntries(
            Object.entries(items[0] as Record<string, unknown>).filter(([k]) =>
              items.every((e) => k in (e as object)),
            ),
          )
        : items[0]
    return (actual as unknown[]).flatMap((a, i) => shapeProblems(common, a, `${path}[${i}]`))
  }
  if (kind(example) === 'object') {
    const a = actual as Record<string, unknown>
    return Object.entries(example as Record<string, unknown>).flatMap(([k, v]) =>
      k in a ? shapeProblems(v, a[k], `${path}.${k}`) : [`${path}.${k}: missing`],
    )
  }
  return []
}

for (const copy of COPIES) {
  const DOC = readCopy(copy)
  let t: TestSandbox
  let base: string
  let accountId: string
  /** A WhatsApp account, for the operations that take only one (GET /public/addon/whatsapp/channel). */
  let whatsappId: string
  const ids: Record<string, string> = {}
  /**
   * One connected account of each network with one post published a day before the clock, for the operations
   * whose answer the document shows once per network (the figures): each example is compared with the answer
   * for an account of the network it is named after.
   */
  const networkPosts: Record<string, { accountId: string; contentId: string }> = {}

  /** The request with the demo account's id and a future time in place of the example's. */
  function adapt(value: Json, future: string): Json {
    if (Array.isArray(value)) return value.map((v) => adapt(v, future))
    if (value === null || typeof value !== 'object') return value
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => {
        if (k === 'accountId') return [k, accountId]
        if (k === 'scheduleAt') return [k, future]
        return [k, adapt(v, future)]
      }),
    )
  }

  function target(o: Op, query: 'all' | 'required', network?: string): string {
    const onNetwork = network === undefined ? undefined : networkPosts[network]!
    const path = o.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
      if (onNetwork && name === 'accountId') return onNetwork.accountId
      if (onNetwork && name === 'contentId') return onNetwork.contentId
      // A content's comment is addressed by the platform's id, a queued one (/public/comment) by the queue's.
      const platform = name === 'commentId' && o.path.startsWith('/public/content/')
      const id = name === 'accountId' ? accountId : platform ? ids.platformCommentId : ids[name]
      if (!id) throw new Error(`no ${name} to call ${o.method} ${o.path} with`)
      return encodeURIComponent(id)
    })
    const params = new URLSearchParams()
    for (const p of o.op.parameters ?? []) {
      if (p.in !== 'query' || (query === 'required' && !p.required)) continue
      // A cursor from another listing (the platform's own, in the example) is refused as it would be there.
      if (p.name === 'nextToken') continue
      const example = p.schema?.example
      if (example === undefined) continue
      const accountParam = /^accountIds?$/.test(p.name)
      const account = onNetwork?.accountId ?? (o.path.includes('/whatsapp/') ? whatsappId : accountId)
      for (const v of Array.isArray(example) ? example : [example]) {
        params.append(Array.isArray(example) ? `${p.name}[]` : p.name, accountParam ? account : String(v))
      }
    }
    const q = params.toString()
    return q ? `${path}?${q}` : path
  }

  /** Creates first, then reads and changes, deletes last, so every id an operation needs exists. */
  function order(o: Op): number {
    if (o.method === 'post' && !o.path.includes('{')) return 0
    if (o.method === 'delete') return o.path.includes('{') ? 3 : 2
    return 1
  }

  const operations = servedOperations(DOC).sort((a, b) => order(a) - order(b))

  beforeAll(async () => {
    t = await startTestSandbox({
      config: {
        users: [
          { accessKey: 'demo', secretKey: 'demo-secret', tier: 'premium', storageLimit: GIB, seed: 'empty' },
        ],
        randomSeed: 7,
      },
    })
    base = t.sandbox.url
    const accounts = await call<{ docs: { _id: string; type: string }[] }>(
      base,
      'GET',
      '/public/account?page=1&limit=20',
    )
    accountId = accounts.json.docs.find((a) => a.type === 'facebook')!._id
    whatsappId = '6a0000000000000000000077'
    await t.sandbox.insertRecords('demo', {
      accounts: [
        {
          _id: whatsappId,
          generatedId: '6281255501234',
          name: 'Kopi Senja WhatsApp',
          username: '+62 812 5550 1234',
          picture: 'https://pps.whatsapp.net/v/t61.24694-24/sandbox.jpg',
          isConnected: true,
          type: 'whatsapp',
          createdAt: '2026-01-01T00:00:00.000Z',
          updatedAt: '2026-01-01T00:00:00.000Z',
        },
      ],
    })
    if (copy === 'service-openapi-newer.json') await seedAutomationRecords()
    await seedNetworkPosts()
    await seedInboxRecords()
  })
  afterAll(async () => {
    await t?.stop()
  })

  /**
   * The automation operations address records the examples name: POST /public/automation's example creates an
   * automation for the content `contentId` (in the sandbox, a published post of the account), and the report
   * operations need a report. Both are put in place as the examples give them, with the demo account's id.
   */
  async function seedAutomationRecords(): Promise<void> {
    const create = resolve(DOC, {
      $ref: '#/components/schemas/BodyCreateAutomationDTO',
    }).properties!
    const contentId = create.contentId!.example as string
    const at = t.clock.now().toISOString()
    const reportList = successExamples(DOC.paths['/public/report']!.get!)[0] as { docs: Json[] }
    // A failed one, so that PUT /public/report/{reportId}/retry has something to retry; its userId is left for
    // the sandbox to fill in with the demo user's.
    const failed: Record<string, Json> = {
      ...(reportList.docs[0] as Record<string, Json>),
      accountId,
      status: 'error',
      errorMessage: 'the comment was deleted before the reply was sent',
    }
    const { userId: _theirs, ...report } = failed
    ids.reportId = report._id as string
    await t.sandbox.insertRecords('demo', {
      schedules: [
        {
          _id: contentId,
          title: 'Published',
          description: 'A published post the automation example answers on',
          topic: '',
          type: 'text',
          medias: [],
          meta: { title: '', description: '', url: '' },
          additionalInfo: {},
          replies: [],
          status: 'success',
          scheduleAt: at,
          accountId,
          createdAt: at,
          updatedAt: at,
        },
      ],
      reports: [report],
    })
  }

  /**
   * The inbox's operations address a content, a comment on it and a chat: a published post of the account,
   * the comment the examples name on it (`commentId` of the private-reply and comment examples), and a
   * queued comment and a chat that people wrote through the programmatic API.
   */
  async function seedInboxRecords(): Promise<void> {
    const at = t.clock.now().toISOString()
    const contentId = '113958387982006_916614914406921'
    const platformCommentId = '18083576267346315'
    await t.sandbox.insertRecords('demo', {
      schedules: [
        {
          _id: contentId,
          title: 'Published',
          description: 'A published post people comment on',
          topic: '',
          type: 'text',
          medias: [],
          meta: { title: '', description: '', url: '' },
          additionalInfo: {},
          replies: [],
          status: 'success',
          scheduleAt: at,
          accountId,
          createdAt: at,
          updatedAt: at,
        },
      ],
      comments: [
        {
          _id: '69afe793cb043c8192dcc3c7',
          status: 'pending',
          contentId,
          comment: {
            id: platformCommentId,
            type: 'text',
            text: 'Komentar pertama',
            owner: { id: '6793729447315239', name: 'Shika', picture: 'https://example.com/shika.png' },
            medias: [],
            createdAt: at,
            replies: [],
          },
          accountId,
          createdAt: at,
          updatedAt: at,
        },
      ],
    })
    const added = await t.sandbox.addIncoming('demo', {
      comments: [{ accountId, contentId, text: 'MANTEP PAK', from: 'Shika' }],
      messages: [{ accountId, text: 'This is Me', from: 'Shika' }],
    })
    Object.assign(ids, {
      contentId,
      platformCommentId,
      commentId: added.comments[0]!.id,
      chatId: added.messages[0]!.chatId,
    })
  }

  async function seedNetworkPosts(): Promise<void> {
    const day = new Date(t.clock.now().getTime() - 86_400_000).toISOString()
    const accounts: Record<string, Json>[] = []
    const schedules: Record<string, Json>[] = []
    ACCOUNT_TYPES.forEach((type, i) => {
      const n = String(i + 1).padStart(2, '0')
      const ids = { accountId: `6b00000000000000000000${n}`, contentId: `6c00000000000000000000${n}` }
      networkPosts[type] = ids
      accounts.push({
        _id: ids.accountId,
        generatedId: `net-${type}`,
        name: `Figures on ${type}`,
        username: type,
        picture: `/__sandbox/avatar/${type}.png`,
        isConnected: true,
        type,
        createdAt: day,
        updatedAt: day,
      })
      schedules.push({
        _id: ids.contentId,
        title: '',
        description: `Published on ${type}`,
        topic: '',
        type: type === 'youtube' ? 'video' : 'image',
        medias: [],
        meta: { title: '', description: '', url: '' },
        additionalInfo: {},
        replies: [],
        status: 'success',
        scheduleAt: day,
        accountId: ids.accountId,
        createdAt: day,
        updatedAt: day,
      })
    })
    await t.sandbox.insertRecords('demo', { accounts, schedules })
  }

  /** The success examples named after a network (the figures), by network; empty for any other operation. */
  function networkExamples(op: Operation): [string, Json][] {
    const examples = op.responses?.['200']?.content?.['application/json']?.examples ?? {}
    const named = Object.entries(examples).filter(([name]) =>
      (ACCOUNT_TYPES as readonly string[]).includes(name),
    )
    return named.length === Object.keys(examples).length ? named.map(([name, e]) => [name, e.value]) : []
  }

  describe(`the OpenAPI copy ${copy}`, () => {
    it('lists the operations the sandbox must answer, including account count', () => {
      const names = operations.map((o) => `${o.method.toUpperCase()} ${o.path}`)
      expect(names).toEqual(
        expect.arrayContaining([
          'POST /public/schedule',
          'GET /public/schedule',
          'PUT /public/schedule/{scheduleId}',
          'GET /public/account/count',
          'POST /public/storage/file/init',
          'GET /public/storage/statistic',
          ...(copy === 'service-openapi.json'
            ? ['GET /public/link/metadata', 'GET /public/tiktok/music']
            : [
                'GET /public/me/addon',
                'GET /public/addon/link/metadata',
                'GET /public/addon/tiktok/music',
                'GET /public/addon/whatsapp/channel',
              ]),
        ]),
      )
      const create = DOC.paths['/public/schedule']!.post!
      expect(Object.keys(create.requestBody!.content!['application/json']!.examples!)).toHaveLength(16)
    })
  })

  describe(`every served operation of ${copy}, in order`, () => {
    for (const o of operations) {
      const perNetwork = networkExamples(o.op)
      if (perNetwork.length > 0) {
        it(`${o.method.toUpperCase()} ${o.path}: each network's account answers that network's example shape`, async () => {
          for (const [network, example] of perNetwork) {
            const answer = await call(base, 'GET', target(o, 'all', network))
            expect(answer.status, `${network}: ${answer.text}`).toBe(200)
            expect(shapeProblems(example, answer.json), `${network}: ${answer.text.slice(0, 400)}`).toEqual(
              [],
            )
          }
        })
        continue
      }
      it(`${o.method.toUpperCase()} ${o.path}: its example requests succeed and answer the example's shape`, async () => {
        const future = new Date(t.clock.now().getTime() + 7 * 86_400_000).toISOString()
        const bodies = requestBodies(DOC, o.op)
        const answers: unknown[] = []
        for (const { name, body } of bodies.length ? bodies : [{ name: 'no body', body: null }]) {
          const answer = await call(base, o.method.toUpperCase(), target(o, 'all'), {
            ...(body === null ? {} : { body: adapt(body, future) }),
          })
          expect(answer.status, `${name}: ${answer.text}`).toBeGreaterThanOrEqual(200)
          expect(answer.status, `${name}: ${answer.text}`).toBeLessThan(300)
          answers.push(answer.json)
        }
        // The ids later operations address: the first schedule created, the file initialised (and uploaded).
        const first = answers[0] as Record<string, string> | undefined
        if (o.method === 'post' && o.path === '/public/schedule') ids.scheduleId = first!.scheduleId!
        // POST /public/automation answers {automationId}, POST /public/template {_id}.
        if (o.method === 'post' && o.path === '/public/automation') ids.automationId = first!.automationId!
        if (o.method === 'post' && o.path === '/public/template') ids.templateId = first!._id!
        if (o.path === '/public/storage/file/init') {
          ids.fileId = first!.id!
          const size = (bodies[0]!.body as { size: number }).size
          const mimetype = (bodies[0]!.body as { mimetype: string }).mimetype
          const uploaded = await put(first!.upload!, Buffer.alloc(size), { 'content-type': mimetype })
          expect(uploaded.status).toBe(200)
        }
        // A read answers with required parameters only, so list examples meet the records created above.
        const shaped = o.method === 'get' ? (await call(base, 'GET', target(o, 'required'))).json : answers[0]
        for (const example of successExamples(o.op)) {
          expect(shapeProblems(example, shaped), JSON.stringify(shaped).slice(0, 400)).toEqual([])
        }
      })
    }
  })
}

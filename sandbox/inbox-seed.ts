// The inbox's demo data and its incoming stream, drawn on their own dice so every other piece of demo data is
// as it was before the inbox existed.
// - Comments: each demo report of a reply rule is a comment the queue holds (the automation answered it, so it
//   is resolved with that reply; a failed one is still pending), so the report names which automation
//   answered; and fresh comments on the accounts' published posts, waiting for a person (one ignored as spam,
//   one with a line break, and one whose text looks like HTML, which a client must show as text).
// - Chats: conversations on several accounts, some unread, some answered last by the account, one with an
//   incoming picture and one with a document.
// - The stream (config `incoming`): one new comment or message every `everySeconds` of the sandbox's clock,
//   alternating, each derived from its index, so a run with the same clock gets the same ones.
import type { SandboxContext } from './context'
import { accountContents } from './content-api'
import { addMessage, chatWith, receiveComment, type IdSource, type MessageBody } from './inbox'
import type { AccountRecord, CommentRecord, PersonRecord, PlatformComment, UserRecord } from './model'
import { createRandom, objectId, type Random } from './random'
import type { StoreChange } from './store'

const PEOPLE = [
  'Putri Anggraini',
  'Hendra Wijaya',
  'Nur Aisyah',
  'Yoga Saputra',
  'Maya Kusuma',
  'Fajar Nugroho',
  'Citra Ayu',
  'Dimas Prakoso',
]

const FRESH_COMMENTS = [
  'Kak, ready stok yang ukuran 250 gram?',
  'Ongkir ke Surabaya berapa ya?',
  'Bisa COD di Jakarta Selatan?',
  'Do you ship to Kuala Lumpur?',
  'Mantap kak, langganan terus 👍',
  'Jam buka hari Minggu sampai jam berapa?',
  'Halo min,\nmau tanya promo yang kemarin masih berlaku?',
  'Pesanan saya belum sampai, nomor order #4471',
  '<b>Harga grosir</b> untuk reseller berapa?',
  'slot gacor hari ini klik link di bio',
] as const

const CHAT_OPENERS = [
  ['Halo kak, mau pesan 3 bungkus kopi gula aren', 'Boleh kirim alamatnya?'],
  ['Is the Toraja roast still available?', 'I would like two bags.'],
  ['Kak, pesanan saya sudah dikirim belum?'],
  ['Mau tanya soal lowongan barista', 'Saya di Yogyakarta'],
  ['Terima kasih, kopinya enak banget!'],
  ['Bisa kirim katalog terbaru?'],
] as const

/** Ids drawn from the seed's dice, so two seedings with the same seed and clock make the same ones. */
export function seededIds(random: Random): IdSource {
  return {
    objectId: (at) => objectId(at, random),
    digits: (length) =>
      String(random.int(1, 9)) + Array.from({ length: length - 1 }, () => random.int(0, 9)).join(''),
    token: (length) => random.hex(length),
  }
}

function person(name: string, random: Random): PersonRecord {
  return {
    id: String(random.int(1_000_000_000, 9_999_999_999)),
    name,
    picture: `/__sandbox/avatar/${encodeURIComponent(name)}.png`,
  }
}

function commentRecord(
  account: AccountRecord,
  contentId: string,
  comment: Omit<PlatformComment, 'replies'> & { replies: PlatformComment[] },
  status: CommentRecord['status'],
  id: string,
  updatedAt: string,
): CommentRecord {
  return {
    _id: id,
    status,
    contentId,
    comment,
    accountId: account._id,
    userId: account.userId,
    createdAt: comment.createdAt,
    updatedAt,
  }
}

/** The inbox of a demo user, added once (stores seeded before the inbox existed get it at their next start). */
export function seedInbox(ctx: SandboxContext, user: UserRecord, seed: number, now: Date): void {
  const random = createRandom((seed ^ 0x1b0c5) >>> 0)
  const ids = seededIds(random)
  const data = ctx.store.data
  const accounts = data.accounts.filter((a) => a.userId === user.userId)
  const byId = new Map(accounts.map((a) => [a._id, a]))

  // The reply rules' reports: the comments they were about, answered (or not) as the report says.
  for (const r of data.reports) {
    if (r.userId !== user.userId || r.type !== 'reply') continue
    const account = byId.get(r.accountId)
    const value = r.value as unknown as PlatformComment & { reply?: PlatformComment }
    if (!account || typeof value?.id !== 'string') continue
    const contentId = r.contentLiveId.startsWith(`${account.generatedId}_`)
      ? r.contentLiveId.slice(account.generatedId.length + 1)
      : r.contentLiveId
    const { reply, ...comment } = value
    data.comments.push(
      commentRecord(
        account,
        contentId,
        { ...comment, replies: reply ? [reply] : [] },
        reply ? 'resolved' : 'pending',
        ids.objectId(new Date(comment.createdAt)),
        r.createdAt,
      ),
    )
  }

  // Fresh comments on the published posts, over the last two days, waiting for a person.
  const posts = accounts
    .filter((a) => a.type !== 'whatsapp')
    .flatMap((a) =>
      accountContents(ctx, a)
        .filter((c) => !c.hasAutomation)
        .map((c) => ({ account: a, content: c })),
    )
  FRESH_COMMENTS.forEach((text, i) => {
    if (posts.length === 0) return
    const { account, content } = posts[(i * 3) % posts.length]!
    const at = new Date(now.getTime() - (i * 4 + 1) * 3600_000 - random.int(0, 59) * 60_000)
    const spam = text.startsWith('slot')
    data.comments.push(
      commentRecord(
        account,
        content.id,
        {
          id: `${content.id}_${ids.digits(16)}`,
          type: 'text',
          text,
          owner: person(PEOPLE[i % PEOPLE.length]!, random),
          medias: [],
          createdAt: at.toISOString(),
          replies: [],
        },
        spam ? 'ignored' : 'pending',
        ids.objectId(at),
        at.toISOString(),
      ),
    )
  })

  // Conversations: the newest unread, the older ones read, every third answered last by the account.
  const chatAccounts = accounts.filter((a) =>
    ['facebook', 'instagram', 'whatsapp', 'tiktok'].includes(a.type),
  )
  CHAT_OPENERS.forEach((lines, i) => {
    const account = chatAccounts[i % chatAccounts.length]
    if (!account) return
    const who = person(PEOPLE[(i + 3) % PEOPLE.length]!, random)
    let at = new Date(now.getTime() - (i * 7 + 2) * 3600_000)
    const { chat } = chatWith(ctx, account, who, at, ids)
    const say = (body: MessageBody, fromMe: boolean): void => {
      at = new Date(at.getTime() + random.int(1, 20) * 60_000)
      const { message } = addMessage(ctx, chat, account, body, { fromMe, at, ids })
      if (!fromMe && i >= 2) message.status = 'read'
    }
    for (const text of lines) say({ type: 'text', text }, false)
    if (i === 1) {
      say(
        {
          type: 'image',
          text: 'This one',
          image: { url: `/__sandbox/avatar/${encodeURIComponent('Toraja')}.png`, mimetype: 'image/png' },
        },
        false,
      )
    }
    if (i === 5) {
      say(
        {
          type: 'document',
          text: 'Katalog terlampir',
          document: {
            url: `/__sandbox/avatar/${encodeURIComponent('Katalog')}.png`,
            name: 'katalog-2026.pdf',
            size: 482_133,
            mimetype: 'application/pdf',
          },
        },
        true,
      )
    } else if (i % 3 === 2) say({ type: 'text', text: 'Baik kak, kami cek dulu ya 🙏' }, true)
  })
}

/** One item of the incoming stream, derived from its index alone. */
export function incomingItem(
  ctx: SandboxContext,
  user: UserRecord,
  seed: number,
  index: number,
  at: Date,
): StoreChange[] {
  const random = createRandom((seed ^ 0x5ea3 ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0)
  const ids = seededIds(random)
  const accounts = ctx.store.data.accounts.filter((a) => a.userId === user.userId && a.isConnected)
  const who = person(PEOPLE[index % PEOPLE.length]!, random)
  if (index % 2 === 0) {
    const posts = accounts
      .filter((a) => a.type !== 'whatsapp')
      .flatMap((a) =>
        accountContents(ctx, a)
          .slice(0, 3)
          .map((content) => ({ account: a, content })),
      )
    if (posts.length > 0) {
      const { account, content } = random.pick(posts)
      return receiveComment(
        ctx,
        { account, contentId: content.id, text: random.pick(FRESH_COMMENTS.slice(0, 9)), owner: who, at },
        ids,
      ).changes
    }
  }
  const chatAccounts = accounts.filter((a) =>
    ['facebook', 'instagram', 'whatsapp', 'tiktok'].includes(a.type),
  )
  if (chatAccounts.length === 0) return []
  const account = random.pick(chatAccounts)
  const { chat } = chatWith(ctx, account, who, at, ids)
  const text = random.pick(CHAT_OPENERS.flat())
  return addMessage(ctx, chat, account, { type: 'text', text }, { fromMe: false, at, ids }).changes
}

/** A backlog past this many items (the sandbox was stopped a long while) is skipped, not delivered at once. */
const MAX_BACKLOG = 20

/**
 * Delivers the stream's items due by `now` for every demo user: item k arrives `everySeconds` × (k + 1) after
 * the user was created. Answers the records changed.
 */
export function deliverIncoming(
  ctx: SandboxContext,
  everySeconds: number,
  seedOf: (user: UserRecord) => number,
): { changes: StoreChange[]; users: boolean } {
  const changes: StoreChange[] = []
  let users = false
  const now = ctx.now().getTime()
  for (const user of ctx.store.data.users) {
    const config = ctx.config.users.find((u) => u.accessKey === user.accessKey)
    if (config?.seed !== 'demo') continue
    const start = Date.parse(user.createdAt)
    const due = Math.floor((now - start) / (everySeconds * 1000))
    let next = user.incomingCount ?? 0
    if (due <= next) continue
    next = Math.max(next, due - MAX_BACKLOG)
    for (; next < due; next++) {
      const at = new Date(start + (next + 1) * everySeconds * 1000)
      changes.push(...incomingItem(ctx, user, seedOf(user), next, at))
    }
    user.incomingCount = due
    users = true
  }
  return { changes, users }
}

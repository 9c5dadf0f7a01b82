// Demo data for a user whose config says `seed: "demo"`: accounts of several platforms (one disconnected so
// publishing failures are reproducible), 48 automations whose configs exercise every member of section
// 2.3, posts across this month and the next in every status, and a few stored images for the Library.
// Everything is derived from a seed, so two runs with the same seed and clock produce the same data.
// Pictures are stored as sandbox-relative paths (`/__sandbox/...`, `/uploads/...`) and resolved against the
// running origins at read time, so they work offline and survive a port change.
import type { AutomationConfig } from '../common/service'
import { configBody } from '../common/automation-edit'
import type {
  AccountRecord,
  AutomationRecord,
  FileRecord,
  ReportRecord,
  ScheduleRecord,
  TemplateRecord,
} from './model'
import { createRandom, objectId, type Random } from './random'
import { gradientPng, posterSvg } from './images'

export interface DemoData {
  accounts: AccountRecord[]
  automations: AutomationRecord[]
  schedules: ScheduleRecord[]
  files: { record: FileRecord; bytes: Buffer }[]
  templates: TemplateRecord[]
  reports: ReportRecord[]
}

const ACCOUNTS = [
  { type: 'facebook', name: 'Kopi Senja Nusantara', username: 'kopisenja', isConnected: true },
  { type: 'instagram', name: 'Kopi Senja', username: 'kopisenja.id', isConnected: true },
  { type: 'tiktok', name: 'Warung Digital Rina', username: 'rinadigital', isConnected: true },
  { type: 'threads', name: 'Batik Lestari', username: 'batiklestari', isConnected: false },
  { type: 'youtube', name: 'Jelajah Rasa', username: 'jelajahrasa', isConnected: true },
  { type: 'linkedin', name: 'Nusantara Tech Studio', username: 'nusantara-tech', isConnected: true },
] as const

const CONTENT = [
  [
    'Promo Kopi Susu Gula Aren',
    'Beli 2 gratis 1 setiap Jumat! Berlaku di semua cabang Jakarta dan Bandung.',
    'promo',
  ],
  [
    'New single-origin from Toraja',
    'Notes of dark chocolate and spice. Limited roast, 200 bags only.',
    'product',
  ],
  [
    'Tips seduh V60 di rumah',
    'Rasio 1:15, suhu air 92°C, waktu seduh 2:30. Coba dan ceritakan hasilnya!',
    'tutorial',
  ],
  [
    'Lowongan barista part-time',
    'Kami mencari barista ramah untuk cabang Yogyakarta. Kirim CV lewat DM.',
    'hiring',
  ],
  [
    'Behind the scenes: roasting day',
    'Every Tuesday we roast fresh beans. Here is how it smells at 6 am.',
    'behind the scenes',
  ],
  ['Giveaway 17 Agustus', 'Tag 3 teman dan follow akun kami. Pemenang diumumkan 18 Agustus.', 'giveaway'],
  [
    'Resep es kopi pandan',
    'Segar untuk siang yang panas. Simpan resepnya dan coba akhir pekan ini.',
    'recipe',
  ],
  [
    'Motif Parang: sejarah singkat',
    'Parang melambangkan semangat yang tak pernah padam. Koleksi baru minggu ini.',
    'culture',
  ],
  ['Flash sale batik tulis', 'Diskon 30% hanya 24 jam. Stok terbatas, cek link di bio.', 'promo'],
  ['How we ship worldwide', 'Orders to Singapore and Malaysia now arrive in 3 days.', 'shipping'],
  ['Kuliner malam Medan', 'Mie aceh, martabak, dan durian Ucok. Mana favorit kamu?', 'travel'],
  ['Street food Semarang', 'Lumpia, tahu gimbal, dan wedang ronde dalam satu malam.', 'travel'],
  ['Hiring: frontend engineer (Vue)', 'Remote-friendly, Jakarta timezone. Apply via the link.', 'hiring'],
  ['Webinar: AI untuk UMKM', 'Daftar gratis, kuota 500 peserta. Sertifikat untuk semua peserta.', 'event'],
  ['Q3 product update', 'Offline drafts, faster uploads and a new planner view.', 'product'],
  ['Live TikTok jam 8 malam', 'Unboxing paket kejutan dan kuis berhadiah saldo e-wallet.', 'live'],
] as const

const KEYWORD_SETS = [
  ['harga', 'price', 'berapa'],
  ['promo', 'diskon', 'sale'],
  ['lokasi', 'alamat', 'cabang'],
  ['order', 'pesan', 'beli'],
  ['jam buka', 'open'],
]
const SPAM = ['judi', 'slot', 'pinjol', 'gacor', 'http://', 'wa.me']
const AI_PROMPTS = [
  'Balas dengan ramah dalam Bahasa Indonesia, maksimal 2 kalimat.',
  'Reply politely in the language of the comment and invite them to DM us.',
  'Answer questions about price with the current menu and never promise delivery times.',
]
const AI_DELETE_PROMPT = 'Hapus komentar yang berisi promosi judi online atau pinjaman ilegal.'
// The units ConfigDelay accepts (newer OpenAPI), so every demo automation can be saved back as it is.
const DELAY_TYPES = ['second', 'minute'] as const

function button(random: Random, title: string) {
  const type = random.pick(['postback', 'web_url'])
  return {
    type,
    title,
    payload: type === 'postback' ? `PAYLOAD_${title.toUpperCase().replace(/\W+/g, '_')}` : '',
    url: type === 'web_url' ? 'https://example.com/menu' : '',
  }
}

function keywordRule(random: Random, active: boolean) {
  const set = random.pick(KEYWORD_SETS)
  return {
    isExactMatch: random.chance(0.3),
    values: active ? set.map((k) => ({ keyword: k, text: `Info ${k}: cek DM ya kak!` })) : [],
  }
}

function wordList(random: Random, words: readonly string[]) {
  const isActive = random.chance(0.5)
  return {
    isActive,
    isExactMatch: random.chance(0.4),
    keywords: isActive ? words.slice(0, random.int(1, words.length)) : [],
  }
}

function delay(random: Random) {
  const type = random.pick(DELAY_TYPES)
  return {
    isActive: random.chance(0.5),
    value: type === 'second' ? random.int(5, 120) : random.int(1, 30),
    type,
  }
}

function messageRule(random: Random, kind: 'message' | 'story') {
  const isActive = random.chance(0.5)
  const type = random.pick(['ai', 'text'])
  return {
    isActive,
    type,
    text:
      type === 'text'
        ? kind === 'story'
          ? 'Makasih sudah mention story kami!'
          : 'Halo kak, ini info lengkapnya ya.'
        : '',
    prompt: type === 'ai' ? random.pick(AI_PROMPTS) : '',
    opening: {
      postback: {
        isActive: random.chance(0.5),
        text: 'Mau lihat menu?',
        button: button(random, 'Lihat menu'),
      },
      additional: {
        isActive: random.chance(0.4),
        isPreventBeforeFollow: random.chance(0.5),
        text: 'Follow dulu ya supaya dapat promo.',
        button: button(random, 'Sudah follow'),
      },
      webUrl: {
        text: 'Kunjungi toko kami',
        buttons: random.chance(0.5) ? [button(random, 'Toko online'), button(random, 'WhatsApp')] : [],
      },
    },
    keyword: keywordRule(random, isActive),
    condition: wordList(random, random.pick(KEYWORD_SETS)),
    delay: delay(random),
  }
}

function automationConfig(random: Random, index: number): AutomationConfig {
  // Every fourth automation is fully on, one in seven fully off, the rest random: covers both extremes.
  const force = index % 4 === 0 ? true : index % 7 === 0 ? false : null
  const on = (p: number): boolean => force ?? random.chance(p)
  const replyType = random.pick(['ai', 'text'])
  const deleteType = random.pick(['ai', 'keyword'])
  const config: AutomationConfig = {
    delete: {
      isActive: on(0.5),
      type: deleteType,
      keywords: deleteType === 'keyword' ? SPAM.slice(0, random.int(2, SPAM.length)) : [],
      prompt: deleteType === 'ai' ? AI_DELETE_PROMPT : '',
    },
    reply: {
      isActive: on(0.7),
      type: replyType,
      text: replyType === 'text' ? 'Terima kasih kak! Cek DM ya 🙏' : '',
      prompt: replyType === 'ai' ? random.pick(AI_PROMPTS) : '',
      isIncludeContentContext: random.chance(0.6),
      keyword: keywordRule(random, true),
      condition: wordList(random, random.pick(KEYWORD_SETS)),
      exception: wordList(random, SPAM),
      delay: delay(random),
    },
    like: { isActive: on(0.5) },
    message: messageRule(random, 'message'),
    story: messageRule(random, 'story'),
  }
  if (force !== null) {
    config.message.isActive = force
    config.story.isActive = force
  }
  return config
}

function iso(date: Date): string {
  return date.toISOString()
}

const PLATFORM_URL: Record<string, string> = {
  facebook: 'https://www.facebook.com/',
  instagram: 'https://www.instagram.com/p/',
  tiktok: 'https://www.tiktok.com/@user/video/',
  threads: 'https://www.threads.net/post/',
  youtube: 'https://www.youtube.com/watch?v=',
  linkedin: 'https://www.linkedin.com/feed/update/',
}

const FILES = [
  {
    filename: 'promo-gula-aren.png',
    mimetype: 'image/png',
    png: [
      [180, 83, 9],
      [250, 204, 21],
    ],
  },
  {
    filename: 'batik-parang-banner.png',
    mimetype: 'image/png',
    png: [
      [30, 58, 138],
      [14, 165, 233],
    ],
  },
  {
    filename: 'menu-minggu-ini.png',
    mimetype: 'image/png',
    png: [
      [22, 101, 52],
      [134, 239, 172],
    ],
  },
  { filename: 'webinar-ai-umkm.svg', mimetype: 'image/svg+xml', title: 'Webinar AI untuk UMKM' },
  { filename: 'flash-sale-30.svg', mimetype: 'image/svg+xml', title: 'Flash sale 30%' },
] as const

export function buildDemoData(o: { userId: string; seed: number; now: Date }): DemoData {
  const random = createRandom(o.seed)
  const nowMs = o.now.getTime()
  const day = 24 * 3600 * 1000
  const at = (offsetMs: number): Date => new Date(nowMs + offsetMs)

  const accounts: AccountRecord[] = ACCOUNTS.map((a, i) => {
    const created = at(-(120 - i * 7) * day)
    return {
      _id: objectId(created, random),
      generatedId: String(random.int(100_000_000, 999_999_999)) + String(random.int(100_000, 999_999)),
      name: a.name,
      username: a.username,
      // Drift a real account list holds: a channel that never set a picture has no `picture` member.
      ...(a.type === 'youtube' ? {} : { picture: `/__sandbox/avatar/${encodeURIComponent(a.name)}.png` }),
      isConnected: a.isConnected,
      type: a.type,
      userId: o.userId,
      createdAt: iso(created),
      updatedAt: iso(at(-(3 + i) * day)),
    }
  })

  const files = FILES.map((f, i) => {
    const created = at(-(20 - i * 3) * day)
    const ext = f.filename.split('.').pop()!
    const bytes =
      'png' in f
        ? gradientPng(160, 100, f.png[0] as [number, number, number], f.png[1] as [number, number, number])
        : Buffer.from(posterSvg(f.title))
    const record: FileRecord = {
      _id: objectId(created, random),
      filename: f.filename,
      mimetype: f.mimetype,
      size: bytes.length,
      key: `uploads/${o.userId}/${uuidFrom(random)}.${ext}`,
      status: 'success',
      userId: o.userId,
      createdAt: iso(created),
      updatedAt: iso(new Date(created.getTime() + 60_000)),
    }
    return { record, bytes }
  })

  // 48 automations spread over the five accounts that have comment features (LinkedIn has none here).
  const automationAccounts = accounts.filter((a) => a.type !== 'linkedin')
  const automations: AutomationRecord[] = []
  for (let i = 0; i < 48; i++) {
    const account = automationAccounts[i % automationAccounts.length]!
    const [title, description, topic] = CONTENT[(i * 5) % CONTENT.length]!
    const created = at(-(90 - i) * day - random.int(0, 23) * 3600_000)
    const contentType = random.pick(['text', 'image', 'video', 'reel'])
    const file = files[i % files.length]!
    const id = objectId(created, random)
    automations.push({
      _id: id,
      detail: {
        id: String(random.int(1_000_000_000, 9_999_999_999)),
        title: i < CONTENT.length ? title : `${title} #${Math.floor(i / CONTENT.length) + 1}`,
        description,
        topic,
        type: contentType,
        owner: { id: account.generatedId, name: account.name, picture: account.picture },
        medias:
          contentType === 'text'
            ? []
            : [{ type: 'image', url: `/${file.record.key}`, thumbnail: `/${file.record.key}` }],
        url: `${PLATFORM_URL[account.type]}${random.hex(12)}`,
        createdAt: iso(created),
      },
      config: automationConfig(random, i),
      accountId: account._id,
      userId: o.userId,
      createdAt: iso(created),
      updatedAt: iso(new Date(created.getTime() + random.int(1, 48) * 3600_000)),
    })
  }

  // Drift a years-old service holds: the oldest automation was written before later members existed.
  if (automations[0]) automations[0] = olderAutomation(automations[0])

  const schedules: ScheduleRecord[] = []
  const byType = (type: string): AccountRecord => accounts.find((a) => a.type === type)!
  const monthStart = Date.UTC(o.now.getUTCFullYear(), o.now.getUTCMonth(), 1)
  const nextMonthEnd = Date.UTC(o.now.getUTCFullYear(), o.now.getUTCMonth() + 2, 1) - 3600_000
  // Past posts fall in this month where the month is old enough, else in the last days.
  const pastSpan = Math.max(nowMs - monthStart, 3 * day)
  const futureSpan = nextMonthEnd - nowMs
  const post = (
    accountType: string,
    status: ScheduleRecord['status'],
    when: Date,
    content: number,
    extra: Partial<ScheduleRecord> = {},
  ): void => {
    const account = byType(accountType)
    const [title, description, topic] = CONTENT[content % CONTENT.length]!
    const file = files[content % files.length]!
    const type =
      accountType === 'threads' || accountType === 'facebook' ? random.pick(['text', 'image']) : 'image'
    const created = new Date(Math.min(when.getTime(), nowMs) - random.int(1, 5) * day)
    schedules.push({
      _id: objectId(created, random),
      title,
      description,
      topic,
      type,
      medias:
        type === 'text'
          ? []
          : [{ alt: title, type: 'image', thumbnail: `/${file.record.key}`, url: `/${file.record.key}` }],
      meta: { title: '', description: '', url: '' },
      additionalInfo: {
        isAiGenerated: random.chance(0.3),
        isDraft: false,
        isAutoAddMusic: false,
        collaborators: [],
        music: { id: '', artist: '', name: '', thumbnail: '', volume: { video: 100, music: 100 } },
        products: [],
        tags: ['kopi', 'umkm'].slice(0, random.int(0, 2)),
        mentions: [],
        link: '',
        targetCountries: ['ID'],
      },
      replies: [],
      status,
      scheduleAt: iso(when),
      accountId: account._id,
      userId: o.userId,
      createdAt: iso(created),
      updatedAt: iso(status === 'pending' ? created : when),
      ...extra,
    })
  }
  const past = (k: number, n: number): Date =>
    new Date(nowMs - pastSpan + (pastSpan * (k + 0.5)) / n - 3600_000)
  const future = (k: number, n: number): Date =>
    new Date(nowMs + 3600_000 + ((futureSpan - 3600_000) * k) / n)
  const connected = ['facebook', 'instagram', 'tiktok', 'youtube', 'linkedin']
  for (let k = 0; k < 8; k++) post(connected[k % connected.length]!, 'success', past(k, 9), k)
  post('threads', 'error', past(8, 9), 8, {
    errorMessage: 'account Batik Lestari (threads) is disconnected; reconnect it and retry',
  })
  post('threads', 'error', past(5, 9), 9, {
    errorMessage: 'account Batik Lestari (threads) is disconnected; reconnect it and retry',
  })
  post('instagram', 'error', past(3, 9), 10, {
    errorMessage:
      'instagram rejected the media: aspect ratio must be between 4:5 and 1.91:1; kuliner-malam-panorama.png is 3:1',
  })
  post('tiktok', 'error', past(1, 9), 11, {
    errorMessage: 'tiktok access token expired; reconnect the account',
  })
  // A YouTube video still processing: it finishes hours from now, so the `process` state stays visible.
  post('youtube', 'process', new Date(nowMs - 10 * 60_000), 12, { processUntil: iso(at(6 * 3600_000)) })
  for (let k = 0; k < 12; k++) post(connected[(k + 2) % connected.length]!, 'pending', future(k, 12), k + 3)
  // Due in two days on the disconnected account: the publisher will fail it, reproducibly.
  post('threads', 'pending', at(2 * day), 13)
  // The Instagram post failed for a real reason the publisher finds again on every retry: its picture is a 3:1
  // panorama, wider than Instagram's 1.91:1 (sandbox/publisher.ts). Made last, so the seed's other ids stay.
  const panoramaAt = at(-2 * day)
  const panoramaBytes = gradientPng(300, 100, [124, 45, 18], [251, 146, 60])
  const panorama: FileRecord = {
    _id: objectId(panoramaAt, random),
    filename: 'kuliner-malam-panorama.png',
    mimetype: 'image/png',
    size: panoramaBytes.length,
    key: `uploads/${o.userId}/${uuidFrom(random)}.png`,
    status: 'success',
    userId: o.userId,
    createdAt: iso(panoramaAt),
    updatedAt: iso(new Date(panoramaAt.getTime() + 60_000)),
  }
  files.push({ record: panorama, bytes: panoramaBytes })
  const failedIg = schedules.find((p) => p.status === 'error' && p.accountId === byType('instagram')._id)!
  failedIg.medias = [
    { alt: failedIg.title, type: 'image', thumbnail: `/${panorama.key}`, url: `/${panorama.key}` },
  ]
  schedules.sort((a, b) => a.scheduleAt.localeCompare(b.scheduleAt))

  accounts.push(whatsappAccount(o))
  // Drawn last, so the data above is the same as before reports and templates existed.
  const templates = demoTemplates(random, o.userId, at(-30 * day))
  const reports = demoReports(random, o.userId, automations, accounts, nowMs)

  return { accounts, automations, schedules, files, templates, reports }
}

const COMMENTS = [
  ['Berapa harganya kak?', 'Halo kak, harganya Rp25.000 ya. Cek DM!'],
  ['Cabang Bandung buka jam berapa?', 'Buka jam 08.00 sampai 22.00 kak.'],
  ['Masih ada promonya?', 'Masih kak, sampai Minggu ini.'],
  ['How much is shipping to Singapore?', 'Shipping to Singapore starts at SGD 8, details in your DM.'],
  ['Mantap, sukses terus!', 'Terima kasih banyak kak 🙏'],
  ['Is this available in size L?', 'Yes, size L is back in stock.'],
] as const
const PEOPLE = [
  'Sari Wulandari',
  'Budi Santoso',
  'Dewi Lestari',
  'Agus Pratama',
  'Lina Marlina',
  'Rizky Hidayat',
]
/** Failures a rule meets on a connected account: each explained in plain words by the app. */
const FAILURES: Record<string, string> = {
  reply: 'the comment was deleted before the reply was sent',
  message: 'the person does not accept messages from this account',
  story: 'the story mention has expired',
  delete: 'the platform refused to delete the comment: rate limit reached, try again later',
  like: 'the platform refused to like the comment: rate limit reached, try again later',
  chat: 'the conversation is closed',
}

/** 30 reports over the last two weeks, newest first in the list: 7 failed, 2 of those on the disconnected account. */
function demoReports(
  random: Random,
  userId: string,
  automations: AutomationRecord[],
  accounts: AccountRecord[],
  nowMs: number,
): ReportRecord[] {
  const types = ['reply', 'reply', 'like', 'message', 'delete', 'reply', 'story', 'chat'] as const
  const reports: ReportRecord[] = []
  for (let i = 0; i < 30; i++) {
    const automation = automations[(i * 7) % automations.length]!
    const account = accounts.find((a) => a._id === automation.accountId)!
    const type = types[i % types.length]!
    const [comment, answer] = COMMENTS[i % COMMENTS.length]!
    const person = PEOPLE[i % PEOPLE.length]!
    const created = new Date(nowMs - (i * 11 + random.int(0, 9)) * 3600_000)
    // Deterministic: the disconnected account's rules always failed; four others failed for their own reasons.
    const failed = !account.isConnected || i % 6 === 1
    const errorMessage = !account.isConnected
      ? `account ${account.name} (${account.type}) is disconnected; reconnect it and retry`
      : FAILURES[type]!
    const commentAt = new Date(created.getTime() - random.int(1, 30) * 60_000)
    const value: Record<string, unknown> = {
      id: `${automation.detail.id}_${random.int(1_000_000, 9_999_999)}`,
      type: 'text',
      text: type === 'story' ? `${person} mentioned you in a story` : comment,
      owner: {
        id: String(random.int(1_000_000_000, 9_999_999_999)),
        name: person,
        picture: `/__sandbox/avatar/${encodeURIComponent(person)}.png`,
      },
      medias: [],
      createdAt: iso(commentAt),
    }
    if (!failed && (type === 'reply' || type === 'message' || type === 'chat' || type === 'story')) {
      value.reply = {
        id: `${automation.detail.id}_${random.int(1_000_000, 9_999_999)}`,
        type: 'text',
        text: answer,
        owner: { id: account.generatedId, name: account.name, picture: account.picture },
        medias: [],
        createdAt: iso(created),
      }
    }
    reports.push({
      _id: objectId(created, random),
      type,
      value,
      status: failed ? 'error' : 'success',
      contentLiveId: `${account.generatedId}_${automation.detail.id}`,
      accountId: account._id,
      userId,
      createdAt: iso(created),
      updatedAt: iso(created),
      ...(failed ? { errorMessage } : {}),
    })
  }
  return reports
}

function demoTemplates(random: Random, userId: string, created: Date): TemplateRecord[] {
  const named = [
    ['Balas cepat promo', 0],
    ['Thank you + DM', 4],
  ] as const
  return named.map(([name, index], k) => {
    const at = new Date(created.getTime() + k * 3600_000)
    const config = configBody(automationConfig(random, index))
    return {
      _id: objectId(at, random),
      name,
      config: {
        ...config,
        chat: { ...(config.chat as object), isActive: k === 0, text: 'Halo! Ada yang bisa kami bantu?' },
      },
      userId,
      createdAt: iso(at),
      updatedAt: iso(at),
    }
  })
}

/**
 * A WhatsApp account, whose channels and groups GET /public/addon/whatsapp/channel lists (addon-api.ts). Its
 * own dice, drawn after everything else, so the rest of the demo data stays as it was before it existed. The
 * service's account-types enum has no WhatsApp; its connect paths (/public/account/whatsapp/...) name it, so
 * its type is "whatsapp" (docs/service-fidelity.md).
 */
function whatsappAccount(o: { userId: string; seed: number; now: Date }): AccountRecord {
  const random = createRandom((o.seed ^ 0x77a) >>> 0)
  const created = new Date(o.now.getTime() - 40 * 24 * 3600 * 1000)
  const name = 'Kopi Senja WhatsApp'
  return {
    _id: objectId(created, random),
    generatedId: `62812${random.int(10_000_000, 99_999_999)}`,
    name,
    username: '+62 812 5550 1234',
    picture: `/__sandbox/avatar/${encodeURIComponent(name)}.png`,
    isConnected: true,
    type: 'whatsapp',
    userId: o.userId,
    createdAt: iso(created),
    updatedAt: iso(created),
  }
}

/**
 * An automation as stored before the story rule, the reply rule's exception list and content context, the
 * content's topic and the record's updatedAt were added. Stored as such; the sandbox serves it so.
 */
export function olderAutomation(a: AutomationRecord): AutomationRecord {
  const { story: _story, ...config } = a.config
  const { exception: _exception, isIncludeContentContext: _context, ...reply } = config.reply
  const { topic: _topic, ...detail } = a.detail
  const { updatedAt: _updatedAt, ...rest } = a
  return { ...rest, detail, config: { ...config, reply } } as unknown as AutomationRecord
}

function uuidFrom(random: Random): string {
  const h = random.hex(32)
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`
}

// Builders of wire-shaped data for renderer tests: every member present, overridable per test.
import type { AppInfo, ProfilesState, ProfileView } from '../../../common/app-state'
import type { Account, AccountSummary, Automation, Page, Schedule, StoredFile } from '../../../common/service'
import type { Snippet } from '../../../common/snippets'
import type { UploadItem } from '../../../common/uploads'

export const NOW = '2026-11-20T10:00:00.000Z'

export const ACCOUNT_FIXTURES: Account[] = [
  makeAccount('acc-fb', 'Warung Kopi Senja', 'facebook'),
  makeAccount('acc-ig', 'Senja Roastery', 'instagram'),
  makeAccount('acc-tt', 'Kopi Senja TikTok', 'tiktok'),
]

export function makeAccount(id: string, name: string, type: string): Account {
  return {
    _id: id,
    id,
    generatedId: `gen-${id}`,
    name,
    username: name.toLowerCase().replace(/\s+/g, '.'),
    picture: '',
    isConnected: true,
    type,
    userId: 'user-1',
    createdAt: NOW,
    updatedAt: NOW,
  }
}

export function summaryOf(account: Account): AccountSummary {
  const { userId: _userId, createdAt: _createdAt, updatedAt: _updatedAt, ...summary } = account
  return summary
}

const button = (title = '', url = '') => ({ type: url ? 'web_url' : 'postback', title, payload: '', url })

export function makeAutomation(index: number, account: Account = ACCOUNT_FIXTURES[0]!): Automation {
  const id = `auto-${String(index).padStart(3, '0')}`
  return {
    _id: id,
    id,
    accountId: account.id,
    userId: 'user-1',
    createdAt: new Date(Date.parse(NOW) - index * 3_600_000).toISOString(),
    updatedAt: NOW,
    account: summaryOf(account),
    detail: {
      id: `post-${index}`,
      title: `Promo post ${index}`,
      description: `Description of post ${index}`,
      topic: '',
      type: index % 3 === 0 ? 'video' : 'text',
      owner: { id: account.id, name: account.name, picture: '' },
      medias: [],
      url: `https://social.example/${account.id}/post-${index}`,
      createdAt: NOW,
    },
    config: {
      delete: {
        isActive: index % 4 === 0,
        type: 'ai',
        keywords: ['spam', 'scam'],
        prompt: 'Delete rude comments',
      },
      reply: {
        isActive: index % 2 === 0,
        type: index % 5 === 0 ? 'text' : 'ai',
        text: 'Thanks for your comment!',
        prompt: 'Answer politely in Indonesian',
        isIncludeContentContext: true,
        keyword: { isExactMatch: false, values: [{ keyword: 'price', text: 'Rp 25.000 per cup' }] },
        condition: { isActive: true, isExactMatch: false, keywords: ['buy', 'order'] },
        exception: { isActive: true, isExactMatch: true, keywords: ['competitor'] },
        delay: { isActive: true, value: 30, type: 'second' },
      },
      like: { isActive: index % 3 === 0 },
      message: {
        isActive: index % 3 === 1,
        type: 'text',
        text: 'Hi! Here is our menu.',
        prompt: '',
        opening: {
          postback: { isActive: true, text: 'Want the menu?', button: button('Yes please') },
          additional: {
            isActive: false,
            isPreventBeforeFollow: true,
            text: 'Follow us first',
            button: button('I followed'),
          },
          webUrl: { text: 'Order online', buttons: [button('Open shop', 'https://shop.example/menu')] },
        },
        keyword: { isExactMatch: true, values: [] },
        condition: { isActive: false, isExactMatch: false, keywords: [] },
        delay: { isActive: false, value: 2, type: 'minute' },
      },
      story: {
        isActive: index % 7 === 0,
        type: 'ai',
        text: '',
        prompt: 'Thank them for the mention',
        opening: {
          postback: { isActive: false, text: '', button: button() },
          additional: { isActive: false, isPreventBeforeFollow: false, text: '', button: button() },
          webUrl: { text: '', buttons: [] },
        },
        keyword: { isExactMatch: false, values: [] },
        condition: { isActive: false, isExactMatch: false, keywords: [] },
        delay: { isActive: false, value: 0, type: 'second' },
      },
    },
  }
}

export function paginate<T>(all: readonly T[], page: number, limit: number): Page<T> {
  const totalPages = Math.max(1, Math.ceil(all.length / limit))
  const start = (page - 1) * limit
  const docs = all.slice(start, start + limit)
  return {
    docs,
    totalDocs: all.length,
    limit,
    totalPages,
    page,
    pagingCounter: start + 1,
    hasPrevPage: page > 1,
    hasNextPage: page < totalPages,
    prevPage: page > 1 ? page - 1 : null,
    nextPage: page < totalPages ? page + 1 : null,
  }
}

export function makeStoredFile(index: number, overrides: Partial<StoredFile> = {}): StoredFile {
  const id = `file-${String(index).padStart(3, '0')}`
  const ext = index % 3 === 0 ? 'mp4' : index % 3 === 1 ? 'jpg' : 'pdf'
  const mimetype = ext === 'mp4' ? 'video/mp4' : ext === 'jpg' ? 'image/jpeg' : 'application/pdf'
  return {
    _id: id,
    id,
    filename: `asset-${index}.${ext}`,
    mimetype,
    size: 1024 * 1024 * (index + 1),
    key: `uploads/user-1/${id}.${ext}`,
    url: `https://storage.example/uploads/user-1/${id}.${ext}`,
    status: 'success',
    userId: 'user-1',
    createdAt: new Date(Date.parse(NOW) - index * 60_000).toISOString(),
    updatedAt: NOW,
    ...overrides,
  }
}

export function makeUploadItem(index: number, overrides: Partial<UploadItem> = {}): UploadItem {
  return {
    id: `up-${index}`,
    path: `/home/user/media/clip-${index}.mp4`,
    name: `clip-${index}.mp4`,
    size: 10 * 1024 * 1024,
    mimetype: 'video/mp4',
    state: 'queued',
    bytesSent: 0,
    rateBytesPerSec: 0,
    etaSeconds: null,
    attempts: 0,
    batchId: 'batch-1',
    createdAt: NOW,
    ...overrides,
  }
}

export function makeSchedule(index: number, overrides: Partial<Schedule> = {}): Schedule {
  const account = ACCOUNT_FIXTURES[index % ACCOUNT_FIXTURES.length]!
  return {
    _id: `sched-${index}`,
    id: `sched-${index}`,
    title: `Scheduled ${index}`,
    description: '',
    topic: '',
    type: 'text',
    medias: [],
    status: 'pending',
    scheduleAt: new Date(Date.parse(NOW) + index * 3_600_000).toISOString(),
    replies: [],
    accountId: account.id,
    userId: 'user-1',
    createdAt: NOW,
    updatedAt: NOW,
    account: summaryOf(account),
    ...overrides,
  }
}

export const SANDBOX_PROFILE: ProfileView = {
  id: 'sandbox',
  name: 'Sandbox',
  kind: 'sandbox',
  baseUrl: 'http://127.0.0.1:4010',
  accessKey: 'demo-access',
  hasSecret: true,
  secretStorage: 'encrypted',
}

export const SERVICE_PROFILE: ProfileView = {
  id: 'prof-work',
  name: 'Work account',
  kind: 'service',
  baseUrl: 'https://api.repliz.com',
  accessKey: 'AK-WORK',
  hasSecret: true,
  secretStorage: 'encrypted',
}

export function makeProfilesState(): ProfilesState {
  return {
    profiles: [SANDBOX_PROFILE, SERVICE_PROFILE],
    activeId: 'sandbox',
    encryptionAvailable: true,
    secretKeeping: 'encrypted',
  }
}

export const APP_INFO: AppInfo = {
  name: 'Mediadeck',
  version: '0.1.0',
  mode: 'browser',
  platform: 'linux',
  versions: { node: '20.19.0', chrome: '130.0.0.0' },
  dataDir: '/home/user/.config/Mediadeck',
  logFile: '/home/user/.config/Mediadeck/logs/main.log',
}

/** A saved snippet as main lists it, at its first revision. */
export function makeSnippet(id: string, kind: Snippet['kind'], name: string, body: string): Snippet {
  return { id, kind, name, body, revision: 1, createdAt: NOW, updatedAt: NOW }
}

// Shared set-up for the drafts unit tests: a real temporary folder per test and a sample post.
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { DraftPost, LocalMedia } from '../../../../common/drafts'
import type { StoredDraft } from '../../../../main/core/drafts/draft-store'
import { emptyScheduleRequest } from '../../../../common/service'

export async function tempDir(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'drafts-test-'))
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) }
}

export function samplePost(overrides: Partial<DraftPost> = {}): DraftPost {
  return {
    ...emptyScheduleRequest(),
    description: 'Hola! A post about batik',
    accountId: 'acc-1',
    scheduleAt: '2026-07-20T03:00:00.000Z',
    ...overrides,
  }
}

export function sampleDraft(overrides: Partial<StoredDraft> = {}): StoredDraft {
  return {
    id: 'd1',
    profileId: 'sandbox',
    status: 'draft',
    post: samplePost(),
    localMedia: [],
    createdAt: '2026-07-15T03:00:00.000Z',
    updatedAt: '2026-07-15T03:00:00.000Z',
    ...overrides,
  }
}

export function localImage(overrides: Partial<LocalMedia> = {}): LocalMedia {
  return {
    id: 'm1',
    path: '/tmp/photo.png',
    name: 'photo.png',
    size: 1234,
    mimetype: 'image/png',
    alt: 'a photo',
    type: 'image',
    thumbnail: '',
    ...overrides,
  }
}

export const NOW = new Date('2026-07-15T03:00:00.000Z')

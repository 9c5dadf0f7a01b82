// The composer's collision warnings: asked of main a moment after the form settles (one ask for a burst of
// typing), with the post's own id left out, each account's text, and the media's addresses; shown as
// warnings that never block Schedule, in English and Bahasa Indonesia; a check main could not make is said
// with a way to try again.
import { flushPromises } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { CollisionReport } from '../../../common/account-watch'
import ComposerDialog, { type ComposerTarget } from '../../../renderer/components/planner/ComposerDialog.vue'
import { COLLISION_DEBOUNCE_MS, collisionQueryOf } from '../../../renderer/components/planner/use-collisions'
import { ACCOUNT_FIXTURES, NOW, makeSchedule } from '../support/fixtures'
import { mountWith, setupTest, type TestContext } from '../support/mount'

const $ = (selector: string) => document.querySelector<HTMLElement>(selector)
const $$ = (selector: string) => [...document.querySelectorAll<HTMLElement>(selector)]

const post = makeSchedule(3, {
  accountId: 'acc-ig',
  title: 'Promo',
  description: 'Gula aren minggu ini',
  medias: [{ alt: '', type: 'image', thumbnail: '', url: 'https://storage.repliz.com/uploads/u/gula.png' }],
  type: 'image',
})
const target: ComposerTarget = { kind: 'service', post }

const found: CollisionReport = {
  checked: true,
  collisions: [
    {
      kind: 'near',
      accountId: 'acc-ig',
      accountName: 'Senja Roastery',
      post: {
        id: 'other',
        title: 'Menu baru',
        description: '',
        scheduleAt: post.scheduleAt,
        status: 'pending',
      },
    },
    {
      kind: 'same-text',
      accountId: 'acc-ig',
      accountName: 'Senja Roastery',
      post: { id: 'old', title: '', description: 'Gula aren minggu ini', scheduleAt: NOW, status: 'success' },
    },
  ],
}

async function mountComposer(context: TestContext) {
  return mountWith(ComposerDialog, context, {
    route: '/planner',
    props: { open: true, target, accounts: ACCOUNT_FIXTURES, timeZone: 'Asia/Jakarta' },
  })
}

async function settle() {
  await vi.advanceTimersByTimeAsync(COLLISION_DEBOUNCE_MS)
  await flushPromises()
}

describe('composer collisions', () => {
  let context: TestContext
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    vi.setSystemTime(new Date(NOW))
  })
  afterEach(() => {
    vi.useRealTimers()
    document.body.replaceChildren()
  })

  it('asks once the form settles, leaving the post itself out, and warns without blocking Schedule', async () => {
    context = setupTest({ data: { collisions: found } })
    await mountComposer(context)
    expect(context.fake.requests('schedules:collisions')).toEqual([])
    await settle()
    expect(context.fake.requests('schedules:collisions')).toEqual([
      {
        scheduleAt: post.scheduleAt,
        accounts: [{ id: 'acc-ig', text: 'Promo\nGula aren minggu ini' }],
        media: [{ url: 'https://storage.repliz.com/uploads/u/gula.png' }],
        excludeIds: [post._id],
      },
    ])
    const lines = $$('[data-testid=collision]').map((li) => li.textContent!.replace(/\s+/g, ' ').trim())
    expect(lines[0]).toMatch(
      /^Warning: Senja Roastery already has “Menu baru”, .*: within 30 minutes of this one\.$/,
    )
    expect(lines[1]).toMatch(/already has “Gula aren minggu ini”, .*: the same text\.$/)
    expect(($('[data-testid=composer-schedule]') as HTMLButtonElement).disabled).toBe(false)
  })

  it('says once per post every reason it collides, joined as the language joins a list', async () => {
    const both = found.collisions[0]!
    context = setupTest({
      data: {
        collisions: {
          checked: true,
          collisions: [both, { ...both, kind: 'same-text' }, { ...both, kind: 'same-media' }],
        },
      },
    })
    await mountComposer(context)
    await settle()
    const lines = $$('[data-testid=collision]')
    expect(lines).toHaveLength(1)
    expect(lines[0]!.dataset.kinds).toBe('near same-text same-media')
    expect(lines[0]!.textContent).toContain(
      ': within 30 minutes of this one, the same text, and the same media.',
    )
  })

  it('asks once for a burst of typing, with the text as it ends', async () => {
    context = setupTest({ data: { collisions: { checked: true, collisions: [] } } })
    await mountComposer(context)
    const title = $('[data-testid=composer-title]') as HTMLInputElement
    for (const value of ['P', 'Pr', 'Pro']) {
      title.value = value
      title.dispatchEvent(new Event('input'))
      await vi.advanceTimersByTimeAsync(COLLISION_DEBOUNCE_MS / 3)
    }
    await settle()
    const asked = context.fake.requests('schedules:collisions')
    expect(asked).toHaveLength(1)
    expect(asked[0]!.accounts[0]!.text).toBe('Pro\nGula aren minggu ini')
    expect($('[data-testid=composer-collisions]')).toBeNull()
  })

  it('speaks Bahasa Indonesia', async () => {
    context = setupTest({ data: { collisions: found }, locale: 'id' })
    await mountComposer(context)
    await settle()
    expect($('[data-testid=collision]')!.textContent).toContain('Senja Roastery sudah punya “Menu baru”')
  })

  it('says when it could not check, and checks again on request', async () => {
    context = setupTest({
      data: {
        collisions: {
          checked: false,
          collisions: [],
          error: { kind: 'offline', message: 'connect ECONNREFUSED' },
        },
      },
    })
    await mountComposer(context)
    await settle()
    expect($('[data-testid=collisions-failed]')!.textContent).toContain(
      'Could not check for other posts on the same account',
    )
    context.fake.data.collisions = { checked: true, collisions: [] }
    $('[data-testid=collisions-retry]')!.click()
    await flushPromises()
    expect(context.fake.requests('schedules:collisions')).toHaveLength(2)
    expect($('[data-testid=composer-collisions]')).toBeNull()
  })
})

describe('collisionQueryOf', () => {
  const base = {
    scheduleAt: NOW,
    accountIds: ['a', 'b'],
    title: '',
    description: 'Shared caption',
    captions: { b: 'Own caption' },
    medias: [{ url: ' ' }],
    uploadedUrls: ['https://s/uploads/x.mp4'],
    excludeIds: [],
  }
  it('gives each account its own caption and leaves empty addresses out', () => {
    expect(collisionQueryOf(base)).toEqual({
      scheduleAt: NOW,
      accounts: [
        { id: 'a', text: 'Shared caption' },
        { id: 'b', text: 'Own caption' },
      ],
      media: [{ url: 'https://s/uploads/x.mp4' }],
    })
  })
  it('asks nothing without a time or an account', () => {
    expect(collisionQueryOf({ ...base, scheduleAt: null })).toBeNull()
    expect(collisionQueryOf({ ...base, accountIds: [] })).toBeNull()
  })
})

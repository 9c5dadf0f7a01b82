// The account watch's notification in words: the account, its first posts by title (or caption) and time,
// how many more, the reconnect action on the service's site, in English and Bahasa Indonesia.
import { describe, expect, it } from 'vitest'
import type { AccountAlert } from '../../../common/account-watch'
import { t, type MessageKey, type MessageParams } from '../../../common/messages/index'
import { alertNotice } from '../../../main/host/account-watch'

const tr = (locale: 'en' | 'id') => (key: MessageKey, params?: MessageParams) => t(locale, key, params)

function alert(count: number): AccountAlert {
  return {
    accountId: 'ig',
    accountName: 'Kopi Senja',
    accountType: 'instagram',
    posts: Array.from({ length: count }, (_, i) => ({
      id: `s${i}`,
      title: i === 1 ? '' : `Post ${i}`,
      description: i === 1 ? 'Menu minggu ini sudah siap' : '',
      scheduleAt: new Date(Date.UTC(2026, 11, 1, 9 + i, 0)).toISOString(),
    })),
  }
}

describe('alertNotice', () => {
  it('names the account and its posts, and offers the reconnection on repliz.com', () => {
    const notice = alertNotice(alert(2), tr('en'))
    expect(notice.title).toBe('Kopi Senja is disconnected')
    expect(notice.body).toMatch(
      /^2 posts due soon will fail: “Post 0” \d\d:00, “Menu minggu ini sudah siap” \d\d:00\.$/,
    )
    expect(notice.action).toEqual({ label: 'Reconnect on repliz.com', url: 'https://repliz.com' })
    expect(notice.route).toEqual({ view: 'planner', date: '2026-12-01', postId: 's0' })
  })

  it('says one post in the singular, and counts the posts past three', () => {
    expect(alertNotice(alert(1), tr('en')).body).toMatch(/^1 post due soon will fail: “Post 0” \d\d:00\.$/)
    expect(alertNotice(alert(5), tr('en')).body).toMatch(/“Post 2” \d\d:00 \+2\.$/)
  })

  it('speaks Bahasa Indonesia', () => {
    const notice = alertNotice(alert(2), tr('id'))
    expect(notice.title).toBe('Kopi Senja terputus')
    expect(notice.body).toMatch(/^2 postingan yang segera terbit akan gagal: /)
    expect(notice.action.label).toBe('Hubungkan lagi di repliz.com')
  })
})

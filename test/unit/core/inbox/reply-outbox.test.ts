// Whether a reply of ours explains the service resolving a comment (main/core/inbox/reply-outbox.ts): a like
// does not.
import { describe, expect, it } from 'vitest'
import { answeredByUs } from '../../../../main/core/inbox/reply-outbox'

const row = (action: 'reply' | 'like' | 'message', state: 'sent' | 'queued', targetId = 'c1') => ({
  targetId,
  state,
  action,
})

describe('a reply of ours to a comment', () => {
  it('counts a sent reply or private answer to that comment, and not a like, a queued reply or another comment', () => {
    expect(answeredByUs([row('reply', 'sent')], 'c1')).toBe(true)
    expect(answeredByUs([row('message', 'sent')], 'c1')).toBe(true)
    expect(answeredByUs([row('like', 'sent')], 'c1')).toBe(false)
    expect(answeredByUs([row('reply', 'queued')], 'c1')).toBe(false)
    expect(answeredByUs([row('reply', 'sent', 'c2')], 'c1')).toBe(false)
  })
})

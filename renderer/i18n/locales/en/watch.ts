// The account watch's banner in the planner and the composer's collision warnings (AccountWatchBanner,
// ComposerCollisions).
export default {
  banner: {
    label: 'Disconnected accounts with posts due soon',
    title: '{account} ({network}) is disconnected',
    text: 'This post due in the next 24 hours will fail unless the account is reconnected on repliz.com: | These {count} posts due in the next 24 hours will fail unless the account is reconnected on repliz.com:',
    untitled: 'Untitled post',
    reconnect: 'Reconnect on repliz.com',
    stale: 'Could not check the accounts again ({reason}); this is what was known at {time}.',
  },
  collisions: {
    title: 'Other posts on the same account',
    line: '{account} already has {post}, {time}: {reasons}.',
    reasons: {
      near: 'within 30 minutes of this one',
      'same-text': 'the same text',
      'same-media': 'the same media',
    },
    untitled: 'untitled post',
    note: 'Counted: a post of the same account within 30 minutes, or its text or media scheduled or published in the last 30 days. You can still schedule it; networks may hide or throttle posts that repeat.',
    failed: 'Could not check for other posts on the same account ({reason}). Schedule anyway, or try again.',
    retry: 'Check again',
    warn: 'Warning:',
  },
}

export default {
  card: {
    label: '{time} {title}, campaign for {accounts}: {summary}',
    details: ', campaign for {accounts}: {summary}',
    partlyFailed: 'Partly failed',
    part: 'Part {index} of {count}',
  },
  // What the card sums up, per bucket of common/campaigns.ts; "1 draft | {count} drafts" by English plural rules.
  status: {
    failed: '{count} failed | {count} failed',
    publishing: '{count} publishing | {count} publishing',
    published: '{count} published | {count} published',
    scheduled: '{count} scheduled | {count} scheduled',
    waiting: '{count} waiting to send | {count} waiting to send',
    // The outbox's posts while the service can be reached (use-status-text.ts).
    sending: '{count} sending | {count} sending',
    draft: '{count} draft | {count} drafts',
  },
  separator: ' · ',
  dialog: {
    title: 'Campaign',
    intro:
      'One post for {count} accounts. Changes go to every post not yet published; published posts are locked.',
    shared: 'Shared by every account',
    time: 'Campaign time',
    accounts: 'Accounts',
    offset: 'Offset (minutes)',
    offsetHint: 'From the campaign time, −720 to +720 (12 hours).',
    offsetInvalid: 'Whole minutes between −720 and +720.',
    goesOut: 'Goes out {when}.',
    locked: 'Locked: {status}',
    remove: 'Remove {account}',
    add: 'Add an account',
    addNone: 'Every account is in this campaign.',
    addButton: 'Add',
    save: 'Save campaign',
    saved: 'Campaign saved',
    savedPartly:
      'Campaign saved; {count} post could not be changed | Campaign saved; {count} posts could not be changed',
    failedPost: '{account}: the post failed to publish.',
    fix: 'Fix {account}',
    notChanged: '{account}: not changed. {reason}',
    textRequired: 'Write a text for {account}.',
    linkUrl: 'Link',
    timeRequired: 'Choose the campaign time.',
    newAccountText: 'Text for the new account',
  },
  undo: {
    removed: '{account} removed from the campaign',
  },
}

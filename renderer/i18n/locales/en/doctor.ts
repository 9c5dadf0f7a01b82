export default {
  title: 'Storage doctor',
  intro: 'Stored files that no upcoming or failed post and no local draft uses, largest first.',
  open: 'Find unused files',
  close: 'Hide',
  reasonFull: 'Some uploads were refused: storage is full.',
  reasonLow: 'Less than 10% of your storage is free.',
  blindSpot:
    'Files sent in chats or attached to comment replies cannot be seen from here: check before deleting one you sent there.',
  publishedRule:
    'Files used only by published posts are listed: every network keeps its own copy once a post is published.',
  loading: 'Checking every file against your posts and drafts…',
  reading:
    '{count} unused file so far; {checked} of {total} stored files checked… | {count} unused files so far; {checked} of {total} stored files checked…',
  empty: 'No unused files: every stored file is used by a post or a draft.',
  summary: '{count} unused file, {size} | {count} unused files, {size}',
  lastUse: 'last used {date}',
  neverUsed: 'never in a post',
  select: 'Select {name}',
  amountLabel: 'Megabytes to have free',
  pick: 'Make {amount} free',
  pickHint:
    'Selects the fewest unused files so that this much is free, as the command line’s storage free does. Files uploaded in the last {days} days are left out unless you include them.',
  notEnough: 'The unused files hold only {size}.',
  freeNow: '{size} free now',
  includeRecent: 'Include files uploaded in the last {days} days',
  alreadyFree: '{size} is already free: nothing to delete.',
  notEnoughRecent:
    'Without the files uploaded in the last {days} days, the unused files hold only {size}: include them to reach it.',
  recentLeftOut:
    '{count} file uploaded in the last {days} days ({size}) was left out. | {count} files uploaded in the last {days} days ({size}) were left out.',
  chosenTitle: 'To delete: {count} file, {size} | To delete: {count} files, {size}',
  uploaded: 'uploaded {date}',
  deleteSelected: 'Delete {count} file ({size}) | Delete {count} files ({size})',
  confirmTitle: 'Delete unused files?',
  confirmMessage:
    'Delete {count} file, {size}? Each one is checked again just before deleting; one a post or draft uses by then is kept. | Delete {count} files, {size}? Each one is checked again just before deleting; one a post or draft uses by then is kept.',
  confirm: 'Delete',
  deleted: 'Deleted {count} file, freed {size}. | Deleted {count} files, freed {size}.',
  kept: '{count} file was kept: a post or draft uses it now. | {count} files were kept: a post or draft uses them now.',
}

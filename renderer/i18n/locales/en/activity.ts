export default {
  title: 'Activity',
  subtitle: 'What your automations did: replies sent, comments deleted or liked, messages, and what failed.',
  filters: {
    label: 'Filter activity',
    type: 'Rule',
    allTypes: 'All rules',
    status: 'Outcome',
    allStatuses: 'All outcomes',
  },
  status: { error: 'Failed', success: 'Done' },
  offline:
    'Retrying needs the service, which cannot be reached now. Nothing is kept to retry later: try again when you are online.',
  selectFailed: 'Select every failed one on this page',
  select: 'Select the failed action of {time}',
  someone: 'Someone',
  answered: 'Answered:',
  noReason: 'The service did not say why.',
  emptyTitle: 'Nothing here yet',
  empty: 'What the automations do appears here. Try other filters.',
  disconnected: 'Account disconnected: a retry fails again until it is reconnected on repliz.com.',
  retry: {
    one: 'Retry',
    selected: 'Retry selected | Retry 1 selected | Retry {count} selected',
    title: 'Retried | 1 retried | {count} retried',
    worked: '1 worked. | 1 worked. | {count} worked.',
    again: '1 failed again. | 1 failed again. | {count} failed again.',
    held: '1 held: the account has had its retries for this hour; try after {time}. | 1 held: the account has had its retries for this hour; try after {time}. | {count} held: their accounts have had their retries for this hour; try after {time}.',
    warned:
      'This account was retried many times this hour: networks may read many retries as spam and limit the account.',
    failed: 'The retry was not sent',
  },
}

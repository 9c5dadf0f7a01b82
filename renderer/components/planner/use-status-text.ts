import { useI18n } from 'vue-i18n'
import type { EntryStatus } from '../../lib/planner/calendar'
import { useConnectionStore } from '../../stores/connection'

/**
 * A post's status in words, as the connection makes it true: a post only in this computer's outbox is being
 * sent while the service can be reached, and "waiting to send" while it cannot (offline, still checking, or the
 * app serving the page stopped). The words change with the connection, without a reload.
 */
export function useStatusText() {
  const { t } = useI18n()
  const connection = useConnectionStore()
  function shownStatus(status: EntryStatus): EntryStatus {
    return status === 'queued' && connection.online ? 'sending' : status
  }
  return {
    shownStatus,
    /** "Waiting to send", "Sending", "Scheduled"… */
    status: (status: EntryStatus) => t(`planner.status.${shownStatus(status)}`),
    /** The outbox's bucket of a campaign's summed status: "2 waiting to send" offline, "2 sending" online. */
    bucket: (bucket: string) => (bucket === 'waiting' && connection.online ? 'sending' : bucket),
  }
}

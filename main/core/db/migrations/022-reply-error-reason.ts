// Why a queued reply failed, as a reason of the catalogue (common/messages `errors.*`, with its params, JSON) the
// page words in the person's language; `error` keeps the English for the log and the CLI. A library video or
// audio queued offline whose length could not be read was told in English alone. Replies failed before this
// version have none: their English is shown.
import type { Migration } from '../migration-types'

export const replyErrorReasonMigration: Migration = {
  version: 22,
  name: 'reply-error-reason',
  up(db) {
    db.exec(`ALTER TABLE inbox_replies ADD COLUMN error_reason TEXT;`)
  },
}

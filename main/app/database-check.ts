// The data layer's checks at start-up, said with native dialogs. Before any window: the SQLite binding must
// load (node:sqlite regressed once in an Electron release, electron/electron#47671), or nothing can be saved;
// the app says so plainly and exits instead of failing on the first draft. Once the host is open: what it found
// damaged and set aside (the database, the settings file) is told, once, never passed over in silence.
import type { Dialog, MessageBoxOptions } from 'electron'
import type { Translate } from '../../common/messages/index'
import { checkSqliteBinding } from '../core/db/database'
import type { StartupNotice } from '../host/data-folder'

/** True when the binding loads; otherwise shows why, calls `exit(1)` and returns false. */
export function requireSqliteBinding(deps: {
  dialog: Pick<Dialog, 'showErrorBox'>
  tr: Translate
  exit(code: number): void
  log: { error(...data: unknown[]): void }
  /** The check itself (a test gives one that fails, as Electron 37.2.0's missing binding did). */
  check?: typeof checkSqliteBinding
}): boolean {
  const status = (deps.check ?? checkSqliteBinding)()
  if (status.ok) return true
  deps.log.error('the SQLite binding did not load', status.problem)
  deps.dialog.showErrorBox(
    deps.tr('data.bindingTitle'),
    deps.tr('data.bindingBody', { problem: status.problem ?? 'unknown' }),
  )
  deps.exit(1)
  return false
}

/** Tells each start-up notice of the host in a dialog of its own, in the person's language where it has a key. */
export async function showDataNotices(
  notices: readonly StartupNotice[],
  deps: { dialog: { showMessageBox(options: MessageBoxOptions): Promise<unknown> }; tr: Translate },
): Promise<void> {
  for (const notice of notices) {
    const detail = typeof notice === 'string' ? notice : deps.tr(notice.key, notice.params)
    await deps.dialog.showMessageBox({
      type: 'warning',
      title: 'Mediadeck',
      message: deps.tr('data.noticeTitle'),
      detail,
    })
  }
}

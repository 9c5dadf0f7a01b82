import { useI18n } from 'vue-i18n'
import { AppError } from '../../common/errors'
import type { UploadItem } from '../../common/uploads'
import { useToastsStore } from '../stores/toasts'
import { useUploadsStore } from '../stores/uploads'
import { useErrorText } from './use-error-text'

/**
 * Adds files to the upload queue and tells the person, file by file, what was not taken. The engine queues
 * what it can and returns a refused file (empty, unreadable, gone) as a failed item with a `file` error; those
 * are listed in one toast that stays until dismissed, since a list of names cannot be read in a few seconds.
 */
export function useAddUploads() {
  const uploads = useUploadsStore()
  const toasts = useToastsStore()
  const { t } = useI18n()
  const { short, reason } = useErrorText()

  function reportRefused(items: readonly UploadItem[]) {
    const refused = items.filter((item) => item.state === 'failed' && item.error?.kind === 'file')
    if (refused.length === 0) return
    const queued = items.length - refused.length
    toasts.push(
      {
        tone: 'danger',
        title: t('library.toast.refused', { count: refused.length }, refused.length),
        message: t('library.toast.refusedQueued', { count: queued }, queued),
        details: refused.map((item) => ({ label: item.name, text: reasonOf(item) })),
      },
      0,
    )
    // An empty file can never upload: said here, and kept out of the queue, so it is not counted as a failed
    // upload nor offered "Retry all failed".
    for (const item of refused) {
      if (item.error?.code === 'file-empty') void uploads.remove(item.id).catch(() => undefined)
    }
  }

  /**
   * In the person's language when main gave the reason a code; otherwise the engine's words "name: reason",
   * less the name already beside it.
   */
  function reasonOf(item: UploadItem): string {
    const translated = item.error ? reason(item.error) : undefined
    if (translated) return translated
    const message = item.error?.message ?? ''
    const prefix = `${item.name}: `
    return message.startsWith(prefix) ? message.slice(prefix.length) : message
  }

  async function run(add: () => Promise<UploadItem[]>): Promise<void> {
    try {
      reportRefused(await add())
    } catch (error) {
      toasts.push(
        { tone: 'danger', title: t('library.toast.addFailed'), message: short(AppError.from(error)) },
        0,
      )
    }
  }

  return {
    pick: (directories: boolean) => run(() => uploads.pick(directories)),
    drop: (files: readonly File[] | Promise<readonly File[]>) =>
      run(async () => uploads.addDropped(await files)),
  }
}

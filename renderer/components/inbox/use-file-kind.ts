import { useI18n } from 'vue-i18n'

const KINDS = ['image', 'video', 'audio', 'document']

/** A message's or a reply's file kind in the person's words; a kind the app does not know, as the service said it. */
export function useFileKind(): (type: string) => string {
  const { t } = useI18n()
  return (type) => (KINDS.includes(type) ? t(`inbox.thread.file.${type}`) : type)
}

import type { IconName } from '../components/ui/icons'

export type FileKind = 'image' | 'video' | 'audio' | 'document' | 'file'

const EXTENSIONS: Record<string, FileKind> = {
  jpg: 'image',
  jpeg: 'image',
  png: 'image',
  gif: 'image',
  webp: 'image',
  avif: 'image',
  heic: 'image',
  svg: 'image',
  mp4: 'video',
  mov: 'video',
  webm: 'video',
  mkv: 'video',
  avi: 'video',
  m4v: 'video',
  mp3: 'audio',
  wav: 'audio',
  m4a: 'audio',
  ogg: 'audio',
  aac: 'audio',
  flac: 'audio',
  pdf: 'document',
  doc: 'document',
  docx: 'document',
  xls: 'document',
  xlsx: 'document',
  ppt: 'document',
  pptx: 'document',
  txt: 'document',
  csv: 'document',
}

/** The MIME type wins when known; before the engine detects it, the extension decides the row icon. */
export function fileKind(mimetype: string | null | undefined, name = ''): FileKind {
  if (mimetype) {
    const [type] = mimetype.split('/')
    if (type === 'image' || type === 'video' || type === 'audio') return type
    if (mimetype === 'application/pdf' || mimetype.startsWith('text/') || mimetype.includes('document')) {
      return 'document'
    }
  }
  const ext = name.includes('.') ? name.split('.').pop()!.toLowerCase() : ''
  return EXTENSIONS[ext] ?? 'file'
}

export const FILE_KIND_ICON: Record<FileKind, IconName> = {
  image: 'image',
  video: 'video',
  audio: 'audio',
  document: 'document',
  file: 'file',
}

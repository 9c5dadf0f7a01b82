// Reads the FILE of `drafts add`: a JSON body of section 2.4. Members it leaves out get their blank values;
// a media whose `url` is not a web address is a file on this computer (relative to the JSON file), uploaded
// through the engine when the post is sent.
import { createReadStream } from 'node:fs'
import { StringDecoder } from 'node:string_decoder'
import { dirname, resolve } from 'node:path'
import { randomUUID } from 'node:crypto'
import { MAX_IMPORT_CHARS, type DraftPost, type LocalMedia } from '../../../common/drafts'
import { AppError } from '../../../common/errors'
import { parseImport } from '../../core/drafts/import-export'
import { mediaTypeOfMime } from '../../core/drafts/validation'
import { probeFile } from '../../core/uploads/file-probe'

export async function readDraftFile(file: string): Promise<{ post: DraftPost; localMedia: LocalMedia[] }> {
  let text: string | null
  try {
    text = await readTextUpTo(file, MAX_IMPORT_CHARS)
  } catch (error) {
    throw new AppError({ kind: 'file', message: `${file} cannot be read: ${(error as Error).message}` })
  }
  if (text === null) {
    // The app's import bound (common/drafts.ts): a post is far smaller, and a device or an endless pipe given
    // by mistake must not be read until memory runs out.
    throw new AppError({
      kind: 'file',
      message: `${file}: too large for a post: at most ${MAX_IMPORT_CHARS / 1_000_000} MB of text`,
    })
  }
  const { items, errors } = await parseImport('json', text)
  if (errors.length > 0 || items.length !== 1) {
    const first = errors[0]
    const where = first?.field ? ` at ${first.field}` : ''
    const why = first ? `${first.message}${where}` : 'it must hold one post'
    throw new AppError({ kind: 'validation', field: first?.field, message: `${file}: ${why}` })
  }
  const { post, localMedia } = items[0]!
  const remote = post.medias.filter((m) => /^https?:\/\//i.test(m.url))
  const local = post.medias.filter((m) => !/^https?:\/\//i.test(m.url))
  const probed: LocalMedia[] = []
  for (const media of local) {
    const found = await probeFile(resolve(dirname(file), media.url))
    probed.push({
      id: randomUUID(),
      path: found.path,
      name: found.name,
      size: found.size,
      mimetype: found.mimetype,
      alt: media.alt,
      type: media.type || mediaTypeOfMime(found.mimetype) || '',
      thumbnail: media.thumbnail,
    })
  }
  return { post: { ...post, medias: remote }, localMedia: [...localMedia, ...probed] }
}

/** The file's text, or null as soon as it passes `maxChars` characters (the rest is not read). */
async function readTextUpTo(file: string, maxChars: number): Promise<string | null> {
  const decoder = new StringDecoder('utf8')
  const parts: string[] = []
  let chars = 0
  const stream = createReadStream(file, { highWaterMark: 1 << 16 })
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const part = decoder.write(chunk)
      chars += part.length
      if (chars > maxChars) return null
      parts.push(part)
    }
  } finally {
    stream.destroy()
  }
  parts.push(decoder.end())
  return parts.join('')
}

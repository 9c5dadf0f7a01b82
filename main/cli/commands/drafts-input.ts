// Reads the FILE of `drafts add`: a JSON body of section 2.4. Members it leaves out get their blank values;
// a media whose `url` is not a web address is a file on this computer (relative to the JSON file), uploaded
// through the engine when the post is sent.
import { readFile } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { randomUUID } from 'node:crypto'
import type { DraftPost, LocalMedia } from '../../../common/drafts'
import { AppError } from '../../../common/errors'
import { parseImport } from '../../core/drafts/import-export'
import { mediaTypeOfMime } from '../../core/drafts/validation'
import { probeFile } from '../../core/uploads/file-probe'

export async function readDraftFile(file: string): Promise<{ post: DraftPost; localMedia: LocalMedia[] }> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    throw new AppError({ kind: 'file', message: `${file} cannot be read: ${(error as Error).message}` })
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

// Object bytes under <data-dir>/objects/<key>. Writes stream to a temp file and are renamed into place only
// once every declared byte arrived, so a dropped upload never leaves a partial object behind.
import { createReadStream, createWriteStream, promises as fsp } from 'node:fs'
import { createHash, randomUUID } from 'node:crypto'
import path from 'node:path'
import type { Readable } from 'node:stream'

export interface ObjectStore {
  /** Size of the stored object, or null when there is none. */
  size(key: string): Promise<number | null>
  /** Streams `source` into the object; resolves with its MD5 (the S3 ETag) once renamed into place. */
  write(
    key: string,
    source: Readable,
    expectedLength: number,
    onData?: (received: number) => void,
  ): Promise<string>
  writeBuffer(key: string, bytes: Buffer): Promise<void>
  read(key: string, range?: { start: number; end: number }): Readable
  remove(key: string): Promise<void>
  /**
   * At start, before any request: removes from the objects what a killed run left (a seed's `.part` beside
   * its object) and the bytes of keys no file record names (a PUT that finished after its file was deleted,
   * before that was checked), so the objects are only the stored files. The upload temp dir is the store's to
   * empty (removeLeftovers in ./store.ts). Returns how many files went.
   */
  sweep(keys: ReadonlySet<string>): Promise<number>
}

/** Keys are `uploads/<userId>/<uuid>.<ext>`; anything else could escape the objects dir. */
export function isSafeKey(key: string): boolean {
  return /^uploads\/[0-9a-f]{24}\/[0-9a-f-]{36}\.[a-z0-9]{1,10}$/.test(key)
}

export function createObjectStore(dataDir: string): ObjectStore {
  const root = path.join(dataDir, 'objects')
  const tmpDir = path.join(dataDir, 'tmp')
  const fileOf = (key: string): string => {
    if (!isSafeKey(key)) throw new Error(`unsafe object key ${key}`)
    return path.join(root, ...key.split('/'))
  }

  return {
    async size(key) {
      if (!isSafeKey(key)) return null
      try {
        return (await fsp.stat(fileOf(key))).size
      } catch {
        return null
      }
    },

    async write(key, source, expectedLength, onData) {
      const target = fileOf(key)
      await fsp.mkdir(path.dirname(target), { recursive: true })
      await fsp.mkdir(tmpDir, { recursive: true })
      const tmp = path.join(tmpDir, `${randomUUID()}.part`)
      const out = createWriteStream(tmp)
      const md5 = createHash('md5')
      let received = 0
      try {
        await new Promise<void>((resolve, reject) => {
          const fail = (error: Error): void => {
            source.unpipe(out)
            out.destroy()
            reject(error)
          }
          source.on('data', (chunk: Buffer) => {
            received += chunk.length
            md5.update(chunk)
            onData?.(received)
          })
          source.on('aborted', () => fail(new Error('client aborted the upload')))
          source.on('error', fail)
          source.on('close', () => {
            // 'close' without 'end' means the client went away mid-body.
            if (!source.readableEnded) fail(new Error('client aborted the upload'))
          })
          out.on('error', fail)
          out.on('finish', resolve)
          source.pipe(out)
        })
        if (received !== expectedLength) {
          throw new Error(`received ${received} bytes, Content-Length said ${expectedLength}`)
        }
        await fsp.rename(tmp, target)
        return md5.digest('hex')
      } catch (error) {
        await fsp.rm(tmp, { force: true })
        throw error
      }
    },

    async writeBuffer(key, bytes) {
      const target = fileOf(key)
      await fsp.mkdir(path.dirname(target), { recursive: true })
      const tmp = `${target}.${randomUUID()}.part`
      await fsp.writeFile(tmp, bytes)
      await fsp.rename(tmp, target)
    },

    read(key, range) {
      return createReadStream(fileOf(key), range ? { start: range.start, end: range.end } : {})
    },

    async remove(key) {
      if (!isSafeKey(key)) return
      await fsp.rm(fileOf(key), { force: true })
    },

    async sweep(keys) {
      let removed = 0
      const entries = await fsp.readdir(root, { recursive: true, withFileTypes: true }).catch(() => [])
      for (const entry of entries) {
        if (!entry.isFile()) continue
        const file = path.join(entry.parentPath, entry.name)
        const key = path.relative(root, file).split(path.sep).join('/')
        if (keys.has(key)) continue
        await fsp.rm(file, { force: true })
        removed++
      }
      return removed
    },
  }
}

// What the storage origin keeps on disk is only what its files hold. Before, a PUT that finished after its
// file was deleted renamed its bytes into place with no file left to name them (the delete had found no object
// yet), and a `.part` a killed run left beside an object stayed for ever: the data dir grew past what the
// storage reported as used.
import { request as httpRequest } from 'node:http'
import { existsSync } from 'node:fs'
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { call, startTestSandbox, uploadFile } from './helpers'
import { waitFor } from '../../support/wait-for'

const objectFile = (dataDir: string, key: string) => path.join(dataDir, 'objects', ...key.split('/'))

describe('the storage origin on disk', () => {
  it('drops the bytes of a PUT that finished after its file was deleted', async () => {
    const t = await startTestSandbox()
    try {
      const size = 200_000
      const init = await call<{ id: string; upload: string; key: string }>(
        t.sandbox.url,
        'POST',
        '/public/storage/file/init',
        { body: { filename: 'late.bin', size, mimetype: 'application/octet-stream' } },
      )
      expect(init.status).toBe(201)
      let markDeleted!: () => void
      const deleted = new Promise<void>((resolve) => (markDeleted = resolve))
      const answered = new Promise<number>((resolve, reject) => {
        const req = httpRequest(init.json.upload, {
          method: 'PUT',
          headers: { 'content-type': 'application/octet-stream', 'content-length': size },
        })
        req.on('response', (res) => {
          res.resume()
          resolve(res.statusCode ?? 0)
        })
        req.on('error', reject)
        req.write(Buffer.alloc(size / 2, 1))
        // The rest once the file is deleted, below.
        void deleted.then(() => req.end(Buffer.alloc(size / 2, 2)))
      })
      // The first half is on its way to disk: the upload has begun.
      await waitFor(
        async () => (await readdir(path.join(t.dataDir, 'tmp')).catch(() => [])).length > 0,
        'the PUT began',
      )
      const gone = await call(t.sandbox.url, 'DELETE', `/public/storage/file/${init.json.id}`)
      expect(gone.status).toBeLessThan(300)
      markDeleted()

      expect(await answered).toBe(200)
      expect(existsSync(objectFile(t.dataDir, init.json.key))).toBe(false)
    } finally {
      await t.stop()
    }
  })

  it('at start, removes what a killed run left among the objects, and keeps every stored file', async () => {
    const first = await startTestSandbox()
    const { dataDir } = first
    const kept = await uploadFile(first.sandbox.url, Buffer.from('kept'), { filename: 'kept.txt' })
    await first.sandbox.close()
    // A seed's write killed before its rename, and bytes no file names (an earlier run's late PUT).
    const folder = path.dirname(objectFile(dataDir, kept.key))
    await mkdir(folder, { recursive: true })
    const torn = path.join(folder, `${path.basename(kept.key)}.0b7c2f2e-5d4b-4c1a-9f00-1a2b3c4d5e6f.part`)
    await writeFile(torn, 'half')
    const orphan = path.join(folder, '11111111-2222-4333-8444-555555555555.bin')
    await writeFile(orphan, 'nobody')

    const again = await startTestSandbox({ dataDir })
    try {
      expect(existsSync(torn)).toBe(false)
      expect(existsSync(orphan)).toBe(false)
      expect(existsSync(objectFile(dataDir, kept.key))).toBe(true)
    } finally {
      await again.stop()
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})

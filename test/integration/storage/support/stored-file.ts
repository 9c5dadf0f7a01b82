// A file stored on the service the way the app stores one (init, PUT to the presigned address, complete), for
// the storage doctor's tests, which need files in the library before they can look for unused ones. What the
// bytes are does not matter to them: the doctor goes by ids, urls and sizes.
import { request } from 'undici'
import { expect } from 'vitest'
import type { StoredFile } from '../../../../common/service'
import type { ServiceClient } from '../../../../main/core/service-client'

export async function storeFile(client: ServiceClient, name: string, size: number): Promise<StoredFile> {
  const init = await client.initFile({ filename: name, size, mimetype: 'application/octet-stream' })
  const put = await request(init.upload, {
    method: 'PUT',
    headers: { 'content-type': 'application/octet-stream', 'content-length': String(size) },
    body: Buffer.alloc(size, 7),
  })
  await put.body.dump()
  // A refused PUT would otherwise show only later, as a puzzling failure of `completeFile`.
  expect(put.statusCode).toBe(200)
  await client.completeFile(init.id)
  return client.getFile(init.id)
}

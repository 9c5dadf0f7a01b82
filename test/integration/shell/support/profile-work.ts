// What the tests of a profile's end (its delete, its account edited) share: the files an account holds on
// the real sandbox, an upload of the host's active profile caught mid-way, and a reply queued for a profile
// (to a comment of the account it names) without sending it.
import type { AppDatabase } from '../../../../main/core/db/database'
import { createLeases } from '../../../../main/core/db/leases'
import { createReplyOutbox, type QueuedReply } from '../../../../main/core/inbox/reply-outbox'
import { createServiceClient } from '../../../../main/core/service-client'
import type { AppHost } from '../../../../main/host/app-host'
import type { Harness } from '../../core/sandbox-harness'
import { waitFor } from '../../../support/wait-for'

/** The files an account holds on the sandbox, each as [name, status]. */
export async function filesOf(
  h: Harness,
  user: { accessKey: string; secretKey: string },
): Promise<Array<[string, string]>> {
  const c = createServiceClient({ baseUrl: h.sandbox.url, ...user, retry: { maxRetries: 0 } })
  try {
    return (await c.listFiles({ page: 1, limit: 100 })).docs.map((f) => [f.filename, f.status])
  } finally {
    await c.close()
  }
}

/** Starts an upload on the host's active profile and waits until its pending file is on the account. */
export async function uploadUnderWay(host: AppHost, h: Harness, name: string): Promise<string> {
  const file = h.file(name, 400_000)
  await host.grants.grant([file.path])
  const [item] = await host.call('uploads:start', { paths: [file.path] })
  await waitFor(async () => {
    const now = (await host.call('uploads:list')).items.find((i) => i.id === item!.id)
    return (now?.bytesSent ?? 0) > 0
  }, 'the upload under way')
  return item!.id
}

/** Queues a reply for `profileId` in the database, as its inbox would, with no client to send it. */
export function queueReply(database: AppDatabase, profileId: string, targetId: string): QueuedReply {
  return createReplyOutbox({
    database,
    leases: createLeases(database),
    profileId,
    client: () => {
      throw new Error('not sent here')
    },
    now: () => new Date(),
  }).queue({ targetId, text: 'Masih ada', media: [] })
}

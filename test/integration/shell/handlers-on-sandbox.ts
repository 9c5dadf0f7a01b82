// The set-up of the tests that run the service handlers against a real sandbox over HTTP, into a replica on a
// real database file: a temporary folder with the sandbox and the database in it, a client of the sandbox,
// and the handlers reaching the service through a client the test shapes (a list of posts that hangs, or that
// fails on one page) over the real one.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { DATABASE_FILE, openDatabase, type AppDatabase } from '../../../main/core/db/database'
import type { ActiveService } from '../../../main/core/ports'
import { createReplica, type Replica } from '../../../main/core/replica/replica'
import type { ServiceClient } from '../../../main/core/service-client'
import { createServiceHandlers } from '../../../main/handlers/service-handlers'
import type { RunningSandbox } from '../../../sandbox/index'
import { clientFor, sandboxOn } from '../drafts/helpers'

export interface HandlersOnSandbox {
  /** A client of the sandbox as it is: what the test does on the service (the website, another app). */
  readonly real: ServiceClient
  /** The real client, with `listSchedules` as the test gives it (read when each call is made). */
  listing(listSchedules: () => ServiceClient['listSchedules'] | undefined): ServiceClient
  /** The service handlers over a new replica of profile `p` on the database file, through `client`. */
  handlers(client: ServiceClient): {
    handlers: ReturnType<typeof createServiceHandlers>
    replica: Replica
  }
}

/** Registers the file's beforeAll and afterAll. */
export function useHandlersOnSandbox(prefix: string): HandlersOnSandbox {
  let root = ''
  let service: RunningSandbox | undefined
  let real: ServiceClient | undefined
  let database: AppDatabase | undefined
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), prefix))
    service = await sandboxOn(join(root, 'service'))
    real = clientFor(service.url)
    database = openDatabase({ file: join(root, DATABASE_FILE) })
  })
  afterAll(async () => {
    database?.close()
    await real?.close()
    await service?.close()
    if (root) rmSync(root, { recursive: true, force: true })
  })
  return {
    get real() {
      return real!
    },
    listing(listSchedules) {
      return new Proxy({} as ServiceClient, {
        get(_target, key) {
          const replaced = key === 'listSchedules' ? listSchedules() : undefined
          return replaced ?? Reflect.get(real!, key)
        },
      })
    },
    handlers(client) {
      const replica = createReplica({ database: database!, profileId: 'p', identity: 'p' })
      const handlers = createServiceHandlers({
        active: () => ({ client }) as ActiveService,
        replica: () => replica,
        database: database!,
        emit: () => undefined,
      })
      return { handlers, replica }
    },
  }
}

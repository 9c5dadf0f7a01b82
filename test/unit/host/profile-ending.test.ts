// A profile's account edit ends the old account's work even when its uploads could not all be cancelled: the
// rows go and the marker is cleared, since a marker left behind would, at the next open, take the work done
// meanwhile for the new account with it (main/host/profile-ending.ts).
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase, type AppDatabase } from '../../../main/core/db/database'
import type { ActiveService } from '../../../main/core/ports'
import { countUnsentReplies } from '../../../main/core/inbox/reply-outbox'
import { createProfileWork } from '../../../main/host/profile-ending'
import { queueReply } from '../../integration/shell/support/profile-work'

const opened: AppDatabase[] = []
afterEach(() => {
  for (const database of opened.splice(0)) database.close()
})

describe('an account edit’s end of the old account’s work', () => {
  it('removes the old account’s replies even when cancelling its uploads fails, and says why in the log', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mediadeck-ending-'))
    const database = openDatabase({ file: join(dir, 'mediadeck.db') })
    opened.push(database)
    queueReply(database, 'p1', 'comment-1')
    const warnings: string[] = []
    // The active profile's queue, whose cancel fails (a busy database, a journal that cannot be written).
    const uploads = {
      list: () => [{ id: 'u1', state: 'uploading' }],
      cancel: async () => {
        throw new Error('database is locked')
      },
    }
    const work = createProfileWork({
      dataDir: dir,
      database,
      grants: { checkOpened: async () => undefined } as never,
      network: undefined as never,
      active: () => ({ profileId: 'p1', uploads }) as unknown as ActiveService,
      log: { warn: (m: string) => warnings.push(m), info: () => {}, error: () => {} } as never,
    })

    await work.accountChanged('p1', {
      baseUrl: 'http://127.0.0.1:9',
      accessKey: 'old',
      secretKey: 'old-secret',
    })

    expect(countUnsentReplies(database, 'p1')).toBe(0)
    expect(warnings.join('\n')).toContain('database is locked')
  })
})

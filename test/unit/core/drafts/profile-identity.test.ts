// One identity per (base URL, access key): the CLI's drafts belong to the app's profile of the same
// credentials, and drafts the CLI wrote before under the bare identity move to that profile.
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  credentialsIdentity,
  draftsProfileFor,
  registerProfileIdentities,
} from '../../../../main/core/drafts/profile-identity'
import { closeStores, openStoreAt } from '../../../support/draft-store'
import { sampleDraft, tempDir } from './helpers'

let cleanup: () => Promise<void>
let file: string
beforeEach(async () => {
  const t = await tempDir()
  cleanup = t.cleanup
  file = path.join(t.dir, 'drafts.json')
})
afterEach(async () => {
  closeStores()
  await cleanup()
})

describe('profile identity', () => {
  it('is one for the same service however its address is written, and apart for another key', () => {
    const id = credentialsIdentity('HTTP://Host:80/api/', 'key')
    expect(id).toMatch(/^cli-[0-9a-f]{16}$/)
    expect(credentialsIdentity('http://host/api', 'key')).toBe(id)
    expect(credentialsIdentity('http://host/api', 'other')).not.toBe(id)
  })

  it("moves the CLI's drafts to the app's profile of the same credentials, and names it for the CLI after", async () => {
    const store = await openStoreAt(file)
    const identity = credentialsIdentity('https://api.example.com', 'key-1')
    // Written by the CLI before the app knew these credentials.
    expect(draftsProfileFor(store.database, 'https://api.example.com', 'key-1')).toBe(identity)
    store.put(sampleDraft({ id: 'cli-draft', profileId: identity }))
    store.put(
      sampleDraft({ id: 'other', profileId: credentialsIdentity('https://api.example.com', 'key-2') }),
    )

    const profiles = [
      { id: 'work', baseUrl: 'https://api.example.com/', accessKey: 'key-1' },
      // A second profile of the same credentials does not take them from the first.
      { id: 'work-copy', baseUrl: 'https://api.example.com', accessKey: 'key-1' },
    ]
    expect(registerProfileIdentities(store.database, profiles)).toBe(1)
    expect(registerProfileIdentities(store.database, profiles)).toBe(0)
    await store.refresh(true)
    expect(store.get('cli-draft')).toMatchObject({ profileId: 'work', revision: 2 })
    expect(store.get('other')?.profileId).not.toBe('work')
    expect(draftsProfileFor(store.database, 'https://api.example.com', 'key-1')).toBe('work')
    // The profile deleted: the next one using the credentials takes them.
    registerProfileIdentities(store.database, [profiles[1]!])
    expect(draftsProfileFor(store.database, 'https://api.example.com', 'key-1')).toBe('work-copy')
  })
})

// One identity per (base URL, access key), for the app's profiles and the CLI alike. The app names its
// profiles by id (a UUID, 'sandbox'); the CLI knows only credentials. The identity of the credentials is
// `cli-` and 16 hex digits of SHA-256 over the normalised base URL and the access key (the secret is left out:
// `drafts add` works without it, and an id derived from it would leak bits of it). The app records which of
// its profiles uses each identity (`profile_identities`), so the CLI writes its drafts for that profile and
// they show in the app; drafts the CLI wrote before under the bare identity move to the profile then.
import { createHash } from 'node:crypto'
import type { AppDatabase } from '../db/database'
import { sqlOf } from '../db/handle'
import { moveDrafts } from './draft-store'
import { z } from 'zod'
import { declareTable, parseRow } from '../db/rows'

export function credentialsIdentity(baseUrl: string, accessKey: string): string {
  const digest = createHash('sha256')
    .update(`${normaliseBaseUrl(baseUrl)}\n${accessKey}`)
    .digest('hex')
  return `cli-${digest.slice(0, 16)}`
}

/** `HTTP://Host:80/api/` and `http://host/api` are one service. */
function normaliseBaseUrl(baseUrl: string): string {
  try {
    const url = new URL(baseUrl.trim())
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`
  } catch {
    return baseUrl.trim().replace(/\/+$/, '')
  }
}

const profileOf = z.object({ profile_id: z.string() })

/** The profile the drafts of these credentials belong to: the app's profile using them, or their identity. */
export function draftsProfileFor(database: AppDatabase, baseUrl: string, accessKey: string): string {
  const identity = credentialsIdentity(baseUrl, accessKey)
  const row = parseRow(
    'profile_identities',
    profileOf,
    sqlOf(database).prepare('SELECT profile_id FROM profile_identities WHERE identity = ?').get(identity),
  )
  return row?.profile_id ?? identity
}

export interface ProfileCredentials {
  id: string
  baseUrl: string
  accessKey: string
}

/**
 * Records the identity of each of the app's profiles and moves the drafts written under a bare identity to
 * the profile that uses it, in one transaction. The first profile of an identity keeps it while it exists.
 * Returns how many drafts moved.
 */
export function registerProfileIdentities(
  database: AppDatabase,
  profiles: readonly ProfileCredentials[],
): number {
  const db = sqlOf(database)
  const ids = new Set(profiles.map((profile) => profile.id))
  const current = db.prepare('SELECT profile_id FROM profile_identities WHERE identity = ?')
  const put = db.prepare(
    'INSERT INTO profile_identities (identity, profile_id) VALUES (?, ?) ON CONFLICT (identity) DO UPDATE SET profile_id = excluded.profile_id',
  )
  return database.write('the drafts', () => {
    let moved = 0
    for (const profile of profiles) {
      if (!profile.baseUrl || !profile.accessKey) continue
      const identity = credentialsIdentity(profile.baseUrl, profile.accessKey)
      const owner = parseRow('profile_identities', profileOf, current.get(identity))?.profile_id
      if (owner !== undefined && owner !== profile.id && ids.has(owner)) continue
      if (owner !== profile.id) put.run(identity, profile.id)
      moved += moveDrafts(database, identity, profile.id)
    }
    return moved
  })
}

/**
 * A profile deleted, or pointed at another account: the identities it used no longer name it, so a CLI run
 * with those credentials writes its drafts under their own identity again, not into this profile (where the
 * new account's keys would send them, or no profile would show them). Its current identity is recorded again
 * by the next `registerProfileIdentities` (the app's open, a switch), which moves such drafts to it.
 */
export function forgetProfileIdentities(database: AppDatabase, profileId: string): void {
  sqlOf(database).prepare('DELETE FROM profile_identities WHERE profile_id = ?').run(profileId)
}

/** A profile's identity: the `profile_identities` table's row, declared once (../db/rows.ts). */
export const profileIdentitiesTable = declareTable({
  table: 'profile_identities',
  key: ['identity'],
  what: "a profile's identity",
  columns: z.object({ identity: z.string(), profile_id: z.string() }),
})

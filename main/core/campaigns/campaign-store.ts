// The campaigns repository (tables of main/core/db/migrations/006-campaigns.ts): which posts were composed
// together, each account's offset from the campaign's time, and where each post is now (its local draft, the
// service's id once sent). Every change is one transaction of the shared database, so the CLI and the app see
// the same campaigns. A campaign left with fewer than two posts is no campaign: its record goes, and its last
// post shows as a single post.
import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { isValidOffset, type Campaign, type CampaignMember } from '../../../common/campaigns'
import { AppError } from '../../../common/errors'
import type { AppDatabase } from '../db/database'
import { columnsOf, parseRow, parseRows, readRow, readRows } from '../db/rows'
import { campaignPostsTable, campaignsTable } from './campaign-rows'
import { sqlOf } from '../db/handle'

export interface NewCampaign {
  profileId: string
  at: string
  members: CampaignMember[]
}

export interface CampaignStore {
  create(input: NewCampaign): Campaign
  get(id: string): Campaign | undefined
  listForProfile(profileId: string): Campaign[]
  /** The campaign a local draft's post belongs to, if any. */
  byDraft(draftId: string): Campaign | undefined
  /** The id of the campaign a post belongs to, by its draft or its service id; one query, for exports. */
  idOf(ids: { draftId?: string; scheduleId?: string }): string | undefined
  /**
   * Sets the campaign's time and members whole (members not listed leave it); undefined when fewer than two
   * are left and the campaign went.
   */
  update(id: string, changes: { at?: string; members?: CampaignMember[] }): Campaign | undefined
  /** Takes one account's post out; the campaign goes when fewer than two are left. */
  removeMember(id: string, accountId: string): Campaign | undefined
  /**
   * The drafts of the profile's campaigns whose service id is not recorded yet: the only ones a send can have
   * changed, so linking reads these and never the profile's every draft.
   */
  draftsAwaitingSchedule(profileId: string): string[]
  /** Records the service's id of posts sent from a campaign's drafts; returns how many were new. */
  linkSchedules(links: readonly { draftId: string; scheduleId: string }[]): number
  /** A failed post replaced by a new one (main/core/posts/fix-failed-post.ts): the campaign follows it. */
  replaceSchedule(oldId: string, newId: string): void
  remove(id: string): void
  /**
   * Each of the profile's campaigns by id, with a signature of everything it holds (time, members, their
   * drafts and service ids): what tells a change, the CLI's or a second host's too (./campaign-changes.ts).
   */
  signatures(profileId: string): Map<string, string>
}

type CampaignRow = z.output<typeof campaignsTable.row>

/** Who hears of this process's campaign commits, by database: every store over one database tells them. */
const listeners = new WeakMap<AppDatabase, Set<() => void>>()

/**
 * Calls `listener` after each commit of this process that wrote campaigns, whichever store or function wrote
 * them (a campaign edited, created with its drafts, linked to its sent posts, a profile's forgotten); a rolled
 * back write tells nothing. Answers the stop.
 */
export function onCampaignsWritten(database: AppDatabase, listener: () => void): () => void {
  let set = listeners.get(database)
  if (!set) listeners.set(database, (set = new Set()))
  set.add(listener)
  return () => void set.delete(listener)
}

/** Inside the write's transaction: heard once it commits (AppDatabase.afterCommit). */
function written(database: AppDatabase): void {
  const set = listeners.get(database)
  if (set?.size) database.afterCommit(() => [...set].forEach((listener) => listener()))
}

const signatureRow = z.object({ id: z.string(), signature: z.string() })

function invalid(message: string): AppError {
  return new AppError({ kind: 'validation', field: 'campaign', message })
}

/** Refuses what the tables would refuse less clearly: an offset past ±12 h, an account listed twice. */
const campaignIdOf = columnsOf(campaignPostsTable, 'campaign_id')

export function checkMembers(members: readonly CampaignMember[]): void {
  const seen = new Set<string>()
  for (const member of members) {
    if (!isValidOffset(member.offsetMinutes)) {
      throw new AppError({
        kind: 'validation',
        field: 'offsetMinutes',
        code: 'offset-out-of-range',
        message: `The time offset of ${member.accountId} must be whole minutes between -12 h and +12 h (got ${member.offsetMinutes}).`,
      })
    }
    if (seen.has(member.accountId)) throw invalid(`The account ${member.accountId} is listed twice.`)
    seen.add(member.accountId)
  }
}

export function createCampaignStore(
  database: AppDatabase,
  options: { now?: () => Date; newId?: () => string } = {},
): CampaignStore {
  const now = options.now ?? (() => new Date())
  const newId = options.newId ?? randomUUID
  const db = sqlOf(database)

  const membersOf = (id: string): CampaignMember[] =>
    readRows(
      database,
      campaignPostsTable,
      db.prepare('SELECT * FROM campaign_posts WHERE campaign_id = ? ORDER BY position, account_id').all(id),
    )

  const campaignOf = (row: CampaignRow): Campaign => ({
    id: row.id,
    profileId: row.profile_id,
    at: row.at,
    members: membersOf(row.id),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  })

  const get = (id: string): Campaign | undefined => {
    const row = readRow(database, campaignsTable, db.prepare('SELECT * FROM campaigns WHERE id = ?').get(id))
    return row ? campaignOf(row) : undefined
  }

  const writeMembers = (id: string, members: readonly CampaignMember[]) => {
    db.prepare('DELETE FROM campaign_posts WHERE campaign_id = ?').run(id)
    const insert = db.prepare(
      `INSERT INTO campaign_posts (campaign_id, account_id, offset_minutes, draft_id, schedule_id, position)
       VALUES (?, ?, ?, ?, ?, ?)`,
    )
    members.forEach((member, position) =>
      insert.run(
        id,
        member.accountId,
        member.offsetMinutes,
        member.draftId ?? null,
        member.scheduleId ?? null,
        position,
      ),
    )
  }

  const remove = (id: string) => {
    db.prepare('DELETE FROM campaigns WHERE id = ?').run(id)
  }
  // The members in their order, so the same campaign always signs the same.
  const selectSignatures = db.prepare(
    `SELECT c.id AS id, c.at || ' ' || c.updated_at || ' ' || coalesce((
       SELECT group_concat(m, ',') FROM (
         SELECT p.account_id || ':' || p.offset_minutes || ':' || coalesce(p.draft_id, '') || ':' ||
           coalesce(p.schedule_id, '') AS m
         FROM campaign_posts p WHERE p.campaign_id = c.id ORDER BY p.position, p.account_id)), '') AS signature
     FROM campaigns c WHERE c.profile_id = ?`,
  )

  return {
    create({ profileId, at, members }) {
      checkMembers(members)
      if (members.length < 2) throw invalid('A campaign is a post for two or more accounts.')
      const id = newId()
      const stamp = now().toISOString()
      database.write('the campaign', () => {
        db.prepare(
          'INSERT INTO campaigns (id, profile_id, at, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
        ).run(id, profileId, at, stamp, stamp)
        writeMembers(id, members)
        written(database)
      })
      return get(id)!
    },
    get,
    listForProfile(profileId) {
      const rows = readRows(
        database,
        campaignsTable,
        db.prepare('SELECT * FROM campaigns WHERE profile_id = ? ORDER BY at, id').all(profileId),
      )
      return rows.map(campaignOf)
    },
    byDraft(draftId) {
      const row = parseRow(
        'campaign_posts',
        campaignIdOf,
        db.prepare('SELECT campaign_id FROM campaign_posts WHERE draft_id = ?').get(draftId),
      )
      return row ? get(row.campaign_id) : undefined
    },
    idOf({ draftId, scheduleId }) {
      const row = parseRow(
        'campaign_posts',
        campaignIdOf,
        db
          .prepare('SELECT campaign_id FROM campaign_posts WHERE draft_id = ? OR schedule_id = ? LIMIT 1')
          .get(draftId ?? null, scheduleId ?? null),
      )
      return row?.campaign_id
    },
    update(id, { at, members }) {
      if (members) checkMembers(members)
      database.write('the campaign', () => {
        if (!get(id)) throw new AppError({ kind: 'not-found', message: `No campaign ${id}.` })
        db.prepare('UPDATE campaigns SET at = COALESCE(?, at), updated_at = ? WHERE id = ?').run(
          at ?? null,
          now().toISOString(),
          id,
        )
        if (members) {
          if (members.length < 2) remove(id)
          else writeMembers(id, members)
        }
        written(database)
      })
      return get(id)
    },
    removeMember(id, accountId) {
      return database.write('the campaign', () => {
        const campaign = get(id)
        if (!campaign) return undefined
        const left = campaign.members.filter((m) => m.accountId !== accountId)
        written(database)
        if (left.length < 2) {
          remove(id)
          return undefined
        }
        writeMembers(id, left)
        db.prepare('UPDATE campaigns SET updated_at = ? WHERE id = ?').run(now().toISOString(), id)
        return get(id)
      })
    },
    draftsAwaitingSchedule(profileId) {
      const rows = db
        .prepare(
          `SELECT p.draft_id FROM campaign_posts p JOIN campaigns c ON c.id = p.campaign_id
           WHERE c.profile_id = ? AND p.draft_id IS NOT NULL AND p.schedule_id IS NULL`,
        )
        .all(profileId)
      return parseRows('campaign_posts', columnsOf(campaignPostsTable, 'draft_id'), rows).flatMap(
        (row) => row.draft_id ?? [],
      )
    },
    linkSchedules(links) {
      if (links.length === 0) return 0
      return database.write('the campaign', () => {
        const link = db.prepare(
          'UPDATE campaign_posts SET schedule_id = ? WHERE draft_id = ? AND schedule_id IS NULL',
        )
        let changed = 0
        for (const { draftId, scheduleId } of links) {
          changed += Number(link.run(scheduleId, draftId).changes)
        }
        if (changed > 0) written(database)
        return changed
      })
    },
    replaceSchedule(oldId, newId) {
      database.write('the campaign', () => {
        const moved = db
          .prepare('UPDATE campaign_posts SET schedule_id = ? WHERE schedule_id = ?')
          .run(newId, oldId)
        if (Number(moved.changes) > 0) written(database)
      })
    },
    remove(id) {
      database.write('the campaign', () => {
        remove(id)
        written(database)
      })
    },
    signatures(profileId) {
      const rows = parseRows('campaigns', signatureRow, selectSignatures.all(profileId))
      return new Map(rows.map((row) => [row.id, row.signature]))
    },
  }
}

/** Deletes a deleted profile's campaigns (their posts go with them, by the foreign key). */
export function deleteProfileCampaigns(database: AppDatabase, profileId: string): void {
  sqlOf(database).prepare('DELETE FROM campaigns WHERE profile_id = ?').run(profileId)
  written(database)
}

/**
 * A profile pointed at another account: the posts its campaigns name by service id are the old account's, so
 * those members go (a post of the new account with the same id is not theirs, and a campaign's change must not
 * reach it). Members still drafts stay, as the drafts do; a campaign left with fewer than two is no campaign.
 */
export function forgetCampaignSchedules(database: AppDatabase, profileId: string): void {
  const db = sqlOf(database)
  db.prepare(
    `DELETE FROM campaign_posts WHERE schedule_id IS NOT NULL
       AND campaign_id IN (SELECT id FROM campaigns WHERE profile_id = ?)`,
  ).run(profileId)
  db.prepare(
    `DELETE FROM campaigns WHERE profile_id = ?
       AND (SELECT count(*) FROM campaign_posts WHERE campaign_id = campaigns.id) < 2`,
  ).run(profileId)
  written(database)
}

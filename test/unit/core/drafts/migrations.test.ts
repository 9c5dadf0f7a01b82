// The old drafts file's schema steps, run when a drafts.json of any age is imported into the database.
import { describe, expect, it } from 'vitest'
import type { Draft } from '../../../../common/drafts'
import { MigrationError, migrate } from '../../../../main/core/drafts/migrations'
import { sampleDraft } from './helpers'

describe('migrate', () => {
  it('v3 -> v4 keeps every draft as it was, so an older app refuses a file that may hold several accounts', () => {
    const v3 = { schemaVersion: 3, drafts: [sampleDraft({ id: 'a' })], sends: {}, lastSyncAt: null }
    const { doc, from } = migrate(structuredClone(v3))
    expect(from).toBe(3)
    expect(doc).toEqual({ ...v3, schemaVersion: 4 })
    expect(() => migrate({ ...doc, schemaVersion: 4 }, undefined, 3)).toThrow(/newer Mediadeck/)
  })

  it('v2 -> v3 gives every draft the profile active when it runs, or the Sandbox when none is known', () => {
    const { profileId: _none, ...unowned } = sampleDraft({ id: 'a' })
    const owned = sampleDraft({ id: 'b', profileId: 'kept' })
    const v2 = {
      schemaVersion: 2,
      drafts: [unowned, owned],
      sends: {},
      lastSyncAt: '2026-07-15T03:00:00.000Z',
    }
    const withActive = migrate(structuredClone(v2), undefined, 3, { profileId: 'work' }).doc
    expect(withActive.schemaVersion).toBe(3)
    expect((withActive.drafts as Draft[]).map((d) => [d.id, d.profileId])).toEqual([
      ['a', 'work'],
      ['b', 'kept'],
    ])
    expect(withActive.lastSyncAt).toBe('2026-07-15T03:00:00.000Z')
    const unknown = migrate(structuredClone(v2)).doc
    expect((unknown.drafts as Draft[]).map((d) => d.profileId)).toEqual(['sandbox', 'kept'])
  })

  it('runs each step in order and checks that it advanced', () => {
    const steps = {
      0: (d: Record<string, unknown>) => ({ ...d, schemaVersion: 1, a: 1 }),
      1: (d: Record<string, unknown>) => ({ ...d, schemaVersion: 2, b: 2 }),
    }
    expect(migrate({ schemaVersion: 0 }, steps, 2).doc).toEqual({ schemaVersion: 2, a: 1, b: 2 })
    expect(() => migrate({ schemaVersion: 0 }, { 0: (d) => d }, 1)).toThrow(MigrationError)
    expect(() => migrate({ schemaVersion: 1 }, {}, 2)).toThrow(/no migration from drafts schema 1/)
    expect(() => migrate('text')).toThrow(MigrationError)
  })
})

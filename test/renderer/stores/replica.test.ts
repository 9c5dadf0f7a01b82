// What a store keeps of a refresh (renderer/stores/replica.ts, settle): the service's answer as it is; else the
// replica's copy marked stale, with no error beside it when the service was only out of reach (the offline
// notice says it) and the refusal when it refused; else the error alone (out of reach: no copy yet).
import { describe, expect, it } from 'vitest'
import type { CachedResult } from '../../../common/contract'
import type { AppErrorData } from '../../../common/errors'
import { HOST_STOPPED_CODE } from '../../../common/app-state'
import { NO_COPY_CODE } from '../../../common/freshness'
import { settle } from '../../../renderer/stores/replica'

const copy: CachedResult<string[]> = {
  value: ['seen before'],
  stale: false,
  fetchedAt: '2026-11-26T09:14:00.000Z',
  freshness: { state: 'checking', confirmedAt: '2026-11-26T09:14:00.000Z' },
}
/** The copy as a store keeps it when the refresh did not replace it: stale, as of its fetch. */
const staleCopy = { ...copy, stale: true, freshness: { state: 'stale', confirmedAt: copy.fetchedAt } }
const unreachable: AppErrorData = { kind: 'network', message: 'connect ECONNREFUSED 127.0.0.1:9' }
const refused: AppErrorData = { kind: 'unauthorized', message: 'The access key was refused.' }

function settled(outcome: Parameters<typeof settle<string[]>>[0]) {
  const shown: CachedResult<string[]>[] = []
  const error = settle(outcome, (result) => shown.push(result))
  return { shown, error }
}

describe('settle', () => {
  it('shows the answer and clears the error', () => {
    const at = '2026-11-26T10:00:00.000Z'
    const result: CachedResult<string[]> = {
      value: ['fresh'],
      stale: false,
      fetchedAt: at,
      freshness: { state: 'fresh', confirmedAt: at },
    }
    expect(settled({ ok: true, result })).toEqual({ shown: [result], error: null })
  })

  it('offline, keeps the copy marked stale as of its fetch, with nothing beside it', () => {
    expect(settled({ ok: false, error: unreachable, copy })).toEqual({
      shown: [staleCopy],
      error: null,
    })
  })

  it('refused, keeps the copy marked stale and says the refusal', () => {
    expect(settled({ ok: false, error: refused, copy })).toEqual({
      shown: [staleCopy],
      error: refused,
    })
  })

  it('with no copy, shows nothing and gives the error; out of reach, as "no copy of this profile yet"', () => {
    expect(settled({ ok: false, error: unreachable, copy: null })).toEqual({
      shown: [],
      error: { ...unreachable, code: NO_COPY_CODE },
    })
    expect(settled({ ok: false, error: refused, copy: null })).toEqual({ shown: [], error: refused })
    // The page's own link to the app gone is not the service: said as it is.
    const stopped: AppErrorData = { kind: 'network', code: HOST_STOPPED_CODE, message: 'stopped' }
    expect(settled({ ok: false, error: stopped, copy: null })).toEqual({ shown: [], error: stopped })
  })
})

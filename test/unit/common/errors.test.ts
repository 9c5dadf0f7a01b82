// Every error kind's answer to every question the app asks about a failure, in one table: the offline cache,
// the connection monitor, the outbox and the upload engine all read these predicates.
import { describe, expect, it } from 'vitest'
import {
  ERROR_KINDS,
  isOutage,
  isRetryable,
  isTransient,
  isUnreachable,
  mayHaveBeenApplied,
  type ErrorKind,
} from '../../../common/errors'

const predicates = { isOutage, isUnreachable, isTransient, isRetryable, mayHaveBeenApplied }
type Answers = Record<keyof typeof predicates, 0 | 1>

// prettier-ignore
const TABLE: Record<ErrorKind, Answers> = {
  //                  outage           unreachable         transient          retryable          applied?
  unauthorized:       { isOutage: 0, isUnreachable: 0, isTransient: 0, isRetryable: 0, mayHaveBeenApplied: 0 },
  plan:               { isOutage: 0, isUnreachable: 0, isTransient: 0, isRetryable: 0, mayHaveBeenApplied: 0 },
  'storage-full':     { isOutage: 0, isUnreachable: 0, isTransient: 0, isRetryable: 0, mayHaveBeenApplied: 0 },
  'not-found':        { isOutage: 0, isUnreachable: 0, isTransient: 0, isRetryable: 0, mayHaveBeenApplied: 0 },
  validation:         { isOutage: 0, isUnreachable: 0, isTransient: 0, isRetryable: 0, mayHaveBeenApplied: 0 },
  'rate-limited':     { isOutage: 0, isUnreachable: 0, isTransient: 1, isRetryable: 1, mayHaveBeenApplied: 0 },
  server:             { isOutage: 0, isUnreachable: 1, isTransient: 1, isRetryable: 1, mayHaveBeenApplied: 1 },
  'storage-rejected': { isOutage: 0, isUnreachable: 0, isTransient: 0, isRetryable: 1, mayHaveBeenApplied: 0 },
  network:            { isOutage: 1, isUnreachable: 1, isTransient: 1, isRetryable: 1, mayHaveBeenApplied: 1 },
  timeout:            { isOutage: 1, isUnreachable: 1, isTransient: 1, isRetryable: 1, mayHaveBeenApplied: 1 },
  cancelled:          { isOutage: 0, isUnreachable: 0, isTransient: 0, isRetryable: 0, mayHaveBeenApplied: 0 },
  file:               { isOutage: 0, isUnreachable: 0, isTransient: 0, isRetryable: 0, mayHaveBeenApplied: 0 },
  offline:            { isOutage: 1, isUnreachable: 1, isTransient: 0, isRetryable: 1, mayHaveBeenApplied: 0 },
  internal:           { isOutage: 0, isUnreachable: 0, isTransient: 0, isRetryable: 0, mayHaveBeenApplied: 0 },
}

describe('error predicates', () => {
  it('has a row for every error kind', () => {
    expect(Object.keys(TABLE).sort()).toEqual([...ERROR_KINDS].sort())
  })

  for (const kind of ERROR_KINDS) {
    it(`answers for ${kind}`, () => {
      const answers = Object.fromEntries(
        Object.entries(predicates).map(([name, predicate]) => [name, predicate({ kind }) ? 1 : 0]),
      )
      expect(answers).toEqual(TABLE[kind])
    })
  }
})

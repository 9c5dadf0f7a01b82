// The sandbox's configuration: users with their plan and quota, the upload-address lifetime, and the
// fault injection the client's reliability tests turn on. Validated with zod so a bad --config file is one
// clear line, not a crash deep inside a request handler.
import { z } from 'zod'
import { PLAN_TIERS } from '../common/service'

export interface SandboxUserConfig {
  accessKey: string
  secretKey: string
  tier: 'standard' | 'gold' | 'premium'
  storageLimit: number
  seed: 'demo' | 'empty'
  /** What GET /public/me/addon answers: how many of each add-on the plan holds (all 0 when absent). */
  addons?: SandboxAddons
  /**
   * The user's accounts (by id or username) held disconnected from the start: set again at every start, so a
   * test or a demo of the account watch needs no programmatic call. Absent: the accounts stay as stored.
   */
  disconnectedAccounts?: string[]
}

export interface SandboxAddons {
  account?: number
  operator?: number
  storage?: number
  twitter?: number
}

export interface SandboxFaults {
  /** Delay before every answer (API and storage origin), in ms. */
  latencyMs?: number
  /** Probability 0..1 that an API request answers a 5xx JSON error instead of being served. */
  serverErrorRate?: number
  /** Probability 0..1 that a storage PUT has its connection destroyed after part of the body arrived. */
  dropUploadRate?: number
  /** Probability 0..1 that an API request has its connection destroyed without any answer. */
  dropRequestRate?: number
  /** Probability 0..1 that a storage-origin request answers an S3 XML 503 SlowDown. */
  storageErrorRate?: number
  /**
   * Probability 0..1 that an API request, or a storage PUT, answers 429 with `Retry-After: 1` (JSON
   * `{code: 429, message}` on the API, S3 XML `SlowDown` on the storage origin).
   */
  rateLimitRate?: number
  /**
   * The `Retry-After` value a rate-limited answer sends, verbatim: delta-seconds (`"100000"`) or an HTTP date
   * (RFC 9110 section 10.2.3). Default `"1"`.
   */
  rateLimitRetryAfter?: string
  /** Overrides `uploadUrlTtlSeconds` for upload addresses signed while it is set. */
  uploadUrlTtlSeconds?: number
  /**
   * PUT /public/schedule/{id} answers this status instead of updating: a service without the update (405), a
   * post gone meanwhile (404), or one it holds locked (409). Clients then send a replacement post.
   */
  scheduleUpdateStatus?: 404 | 405 | 409
  /** PUT /public/schedule/{id} of these posts answers 500 while the others' succeed: one write of several fails. */
  scheduleUpdateFailIds?: string[]
  /**
   * PUT /public/schedule/{id} of these posts is applied, then the connection is dropped with no answer: a
   * timeout whose write landed, which the client cannot tell from one that did not.
   */
  scheduleUpdateLostIds?: string[]
}

export interface SandboxConfig {
  users: SandboxUserConfig[]
  uploadUrlTtlSeconds?: number
  faults?: SandboxFaults
  /** Seeds the demo data and the fault dice, so a run can be reproduced. */
  randomSeed?: number
  /**
   * Serve the add-on helpers (link metadata, TikTok music) only at their older paths, /public/link/metadata and
   * /public/tiktok/music, as a service from before /public/addon/ would: for testing a client's fallback.
   */
  legacyAddonPaths?: boolean
  /**
   * A stream of incoming comments and direct messages for the demo users: one every `everySeconds` of the
   * sandbox's clock, alternating, each the same for the same index (sandbox/inbox-seed.ts). Absent: none.
   */
  incoming?: { everySeconds: number }
}

/** What a rate-limited answer (the `rateLimitRate` fault) asks the client to wait, in seconds. */
export const RATE_LIMIT_RETRY_AFTER_SECONDS = 1

/** The Retry-After header of a rate-limited answer under `faults`. */
export function rateLimitRetryAfter(faults: SandboxFaults): string {
  return faults.rateLimitRetryAfter ?? String(RATE_LIMIT_RETRY_AFTER_SECONDS)
}

const rate = z.number().min(0).max(1)

export const sandboxFaultsSchema = z.strictObject({
  latencyMs: z.number().int().min(0).max(600_000).optional(),
  serverErrorRate: rate.optional(),
  dropUploadRate: rate.optional(),
  dropRequestRate: rate.optional(),
  storageErrorRate: rate.optional(),
  rateLimitRate: rate.optional(),
  // Any header-safe text: clients must survive a bad or huge value too.
  rateLimitRetryAfter: z
    .string()
    .max(1000)
    .regex(/^[\x20-\x7e]*$/, 'rateLimitRetryAfter must be printable ASCII')
    .optional(),
  uploadUrlTtlSeconds: z.number().int().min(1).max(604_800).optional(),
  scheduleUpdateStatus: z.union([z.literal(404), z.literal(405), z.literal(409)]).optional(),
  // Posts whose update fails (500) while the others' succeed: one write of several failing.
  scheduleUpdateFailIds: z.array(z.string().min(1).max(100)).max(100).optional(),
  // Posts whose update is applied but never answered: an ambiguous failure.
  scheduleUpdateLostIds: z.array(z.string().min(1).max(100)).max(100).optional(),
})

const userSchema = z.strictObject({
  accessKey: z
    .string()
    .min(1)
    .regex(/^[^:\s]+$/, 'accessKey must not contain ":" or whitespace'),
  secretKey: z.string().min(1),
  tier: z.enum(PLAN_TIERS),
  storageLimit: z.number().int().min(0),
  seed: z.enum(['demo', 'empty']),
  addons: z
    .strictObject({
      account: z.number().int().min(0).optional(),
      operator: z.number().int().min(0).optional(),
      storage: z.number().int().min(0).optional(),
      twitter: z.number().int().min(0).optional(),
    })
    .optional(),
  disconnectedAccounts: z.array(z.string().min(1).max(200)).max(1000).optional(),
})

export const sandboxConfigSchema = z
  .strictObject({
    users: z.array(userSchema).min(1),
    // SigV4 presigned addresses cannot live longer than a week.
    uploadUrlTtlSeconds: z.number().int().min(1).max(604_800).optional(),
    faults: sandboxFaultsSchema.optional(),
    randomSeed: z.number().int().optional(),
    legacyAddonPaths: z.boolean().optional(),
    incoming: z.strictObject({ everySeconds: z.number().int().min(1).max(86_400) }).optional(),
  })
  .refine((c) => new Set(c.users.map((u) => u.accessKey)).size === c.users.length, {
    message: 'accessKey must be unique across users',
    path: ['users'],
  })

export const GIB = 1024 ** 3

export const DEFAULT_SANDBOX_CONFIG: SandboxConfig = {
  users: [
    {
      accessKey: 'demo',
      secretKey: 'demo-secret',
      tier: 'premium',
      storageLimit: 5 * GIB,
      seed: 'demo',
      addons: { account: 0, operator: 1, storage: 1, twitter: 0 },
    },
  ],
  uploadUrlTtlSeconds: 600,
}

/** Validates a parsed config JSON; throws an Error whose message names every bad member. */
export function parseSandboxConfig(json: unknown): SandboxConfig {
  const result = sandboxConfigSchema.safeParse(json)
  if (!result.success) {
    const issues = result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
    throw new Error(`invalid sandbox config: ${issues.join('; ')}`)
  }
  return result.data
}

export function parseSandboxFaults(json: unknown): SandboxFaults {
  const result = sandboxFaultsSchema.safeParse(json)
  if (!result.success) {
    const issues = result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
    throw new Error(`invalid sandbox faults: ${issues.join('; ')}`)
  }
  return result.data
}

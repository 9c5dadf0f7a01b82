// "Test connection": one light request per area the app uses, reported at the plan level. A 401 anywhere
// means the keys are wrong; a 402/403 means the plan leaves that area out; no answer means the address is
// wrong or the service is down.
import type { AreaAccess, ConnectionTestResult } from '../../../common/app-state'
import { AppError } from '../../../common/errors'
import { createServiceClient, type ServiceCredentials } from '../service-client'
import type { DispatcherFactory } from '../http/network'

const TEST_TIMEOUTS = { connectMs: 5_000, headersMs: 10_000, bodyMs: 10_000 }

export async function testConnection(
  credentials: ServiceCredentials,
  network?: DispatcherFactory,
): Promise<ConnectionTestResult> {
  let client
  try {
    client = createServiceClient({
      ...credentials,
      timeouts: TEST_TIMEOUTS,
      retry: { maxRetries: 0 },
      network,
    })
  } catch (error) {
    return { ok: false, error: AppError.from(error).toJSON(), areas: unknownAreas() }
  }
  try {
    const probes = await Promise.all([
      attempt(() => client.storageStatistic()),
      attempt(() => client.listAutomations({ page: 1, limit: 1 })),
      attempt(() => client.listSchedules({ page: 1, limit: 1 })),
    ])
    const fatal = probes.find((e) => e && e.kind !== 'plan' && e.kind !== 'storage-full')
    if (fatal) return { ok: false, error: fatal.toJSON(), areas: unknownAreas() }
    const [storage, automations, schedules] = probes.map(access) as [AreaAccess, AreaAccess, AreaAccess]
    return { ok: true, areas: { storage, automations, schedules } }
  } finally {
    await client.close()
  }
}

async function attempt(call: () => Promise<unknown>): Promise<AppError | undefined> {
  try {
    await call()
    return undefined
  } catch (error) {
    return AppError.from(error)
  }
}

function access(error: AppError | undefined): AreaAccess {
  if (!error) return 'allowed'
  return error.kind === 'plan' ? 'plan' : 'unknown'
}

/**
 * The result with its error cut to the kind and the HTTP status: no message or code from the answer's body,
 * no Retry-After. For an address the person has not saved (main/handlers/profile-handlers.ts).
 */
export function kindAndStatusOnly(result: ConnectionTestResult): ConnectionTestResult {
  if (!result.error) return result
  const { kind, status } = result.error
  const message =
    status === undefined
      ? `connection test failed (${kind})`
      : `connection test failed (${kind}): the address answered HTTP ${status}`
  return { ...result, error: status === undefined ? { kind, message } : { kind, status, message } }
}

function unknownAreas(): ConnectionTestResult['areas'] {
  return { storage: 'unknown', automations: 'unknown', schedules: 'unknown' }
}

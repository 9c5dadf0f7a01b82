// The active profile's service client, telling the connection monitor about every call that fails. Wrapping
// the client rather than the IPC handlers also covers the calls nobody awaits over IPC: the outbox sending a
// scheduled post, the upload engine's init and complete, the lists behind the replica.
import type { ServiceClient } from '../core/service-client'

export function reportingFailures(client: ServiceClient, report: (error: unknown) => void): ServiceClient {
  const wrapped = new Map<PropertyKey, unknown>()
  return new Proxy(client, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver)
      if (typeof value !== 'function' || key === 'close') return value
      if (!wrapped.has(key)) {
        wrapped.set(key, (...args: unknown[]) => {
          const result: unknown = Reflect.apply(value as (...a: unknown[]) => unknown, target, args)
          if (!(result instanceof Promise)) return result
          return result.catch((error: unknown) => {
            report(error)
            throw error
          })
        })
      }
      return wrapped.get(key)
    },
  })
}

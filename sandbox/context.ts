// What every handler needs, passed in rather than imported, so the pieces stay testable alone.
import type { SandboxConfig, SandboxFaults, SandboxUserConfig } from './config'
import type { ObjectStore } from './objects'
import type { Presigner } from './presign'
import type { Store } from './store'
import type { UserRecord } from './model'

export interface Origins {
  /** http://127.0.0.1:PORT: the service API. */
  api: string
  /** http://localhost:PORT: the storage origin (uploads and public file URLs). */
  storage: string
  /** `localhost:PORT`, the Host the storage origin answers to. */
  storageHost: string
}

export interface SandboxContext {
  store: Store
  objects: ObjectStore
  presigner: Presigner
  config: SandboxConfig
  faults(): SandboxFaults
  now(): Date
  origins: Origins
  log(line: string): void
}

export interface AuthedUser {
  config: SandboxUserConfig
  record: UserRecord
}

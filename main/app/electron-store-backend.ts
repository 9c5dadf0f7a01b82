// The app's backend of the app store: electron-store, in the data dir, same file name as the conf backend
// so the browser mode and the app can share a data dir.
import { join } from 'node:path'
import Store from 'electron-store'
import type { KeyValueBackend } from '../core/settings/app-store'
import { APP_STORE_NAME } from '../core/settings/conf-backend'
import { setAsideIfUnreadable } from '../core/settings/damaged-file'

export function createElectronStoreBackend(dataDir: string): KeyValueBackend {
  // A file that is not JSON is set aside and said (core/settings/damaged-file.ts), not emptied.
  const damaged = setAsideIfUnreadable(join(dataDir, `${APP_STORE_NAME}.json`))
  const store = new Store<Record<string, unknown>>({
    cwd: dataDir,
    name: APP_STORE_NAME,
    configFileMode: 0o600,
    clearInvalidConfig: false,
  })
  return Object.assign(store, { damaged })
}

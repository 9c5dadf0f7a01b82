// The app's backend of the app store: electron-store, in the data dir, same file name as the conf backend
// so the browser mode and the app can share a data dir.
import Store from 'electron-store'
import type { KeyValueBackend } from '../core/settings/app-store'
import { APP_STORE_NAME } from '../core/settings/conf-backend'

export function createElectronStoreBackend(dataDir: string): KeyValueBackend {
  return new Store<Record<string, unknown>>({
    cwd: dataDir,
    name: APP_STORE_NAME,
    configFileMode: 0o600,
    clearInvalidConfig: true,
  })
}

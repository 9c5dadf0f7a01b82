// The plain-Node backend of the app store: conf, electron-store's own engine, in the data dir.
import Conf from 'conf'
import type { KeyValueBackend } from './app-store'

export const APP_STORE_NAME = 'mediadeck'

export function createConfBackend(dataDir: string): KeyValueBackend {
  // 0o600: the file holds access keys (never plain secrets), and the data dir may be shared.
  return new Conf<Record<string, unknown>>({
    cwd: dataDir,
    configName: APP_STORE_NAME,
    projectName: 'mediadeck',
    configFileMode: 0o600,
    clearInvalidConfig: true,
  })
}

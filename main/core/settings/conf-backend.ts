// The plain-Node backend of the app store: conf, electron-store's own engine, in the data dir.
import { join } from 'node:path'
import Conf from 'conf'
import type { KeyValueBackend } from './app-store'
import { setAsideIfUnreadable } from './damaged-file'

export const APP_STORE_NAME = 'mediadeck'

export function createConfBackend(dataDir: string): KeyValueBackend {
  // A file that is not JSON is set aside and said, not emptied: clearInvalidConfig stays off.
  const damaged = setAsideIfUnreadable(join(dataDir, `${APP_STORE_NAME}.json`))
  // 0o600: the file holds access keys (never plain secrets), and the data dir may be shared.
  const conf = new Conf<Record<string, unknown>>({
    cwd: dataDir,
    configName: APP_STORE_NAME,
    projectName: 'mediadeck',
    configFileMode: 0o600,
    clearInvalidConfig: false,
  })
  return Object.assign(conf, { damaged })
}

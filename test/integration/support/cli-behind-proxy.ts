// The set-up the CLI's process tests share: the sandbox harness, a proxy in front of it that can hold or drop
// answers, and the environment that points a real `mediadeck` process at that proxy with its own data folder.
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startAnswerDroppingProxy, type AnswerDroppingProxy } from '../../support/answer-dropping-proxy'
import { startHarness, USERS, type Harness } from '../core/sandbox-harness'

/** The repository's root, the working folder of the CLI processes the tests start. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url))

export interface CliBehindProxy {
  h: Harness
  proxy: AnswerDroppingProxy
  /** MEDIADECK_* for the main user, through the proxy, with `<harness>/data` as the data folder. */
  env: NodeJS.ProcessEnv
  close(): Promise<void>
}

export async function startCliBehindProxy(): Promise<CliBehindProxy> {
  const h = await startHarness()
  const proxy = await startAnswerDroppingProxy(h.sandbox.url)
  return {
    h,
    proxy,
    env: {
      MEDIADECK_BASE_URL: proxy.url,
      MEDIADECK_ACCESS_KEY: USERS.main.accessKey,
      MEDIADECK_SECRET_KEY: USERS.main.secretKey,
      MEDIADECK_DATA_DIR: join(h.dir, 'data'),
    },
    async close() {
      await proxy.close()
      await h.close()
    },
  }
}

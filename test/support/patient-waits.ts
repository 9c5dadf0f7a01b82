// Every vitest project's setup: `vi.waitFor` gives up after 1 s unless told otherwise, and a wait that guards a
// real HTTP call to the sandbox, a SQLite write or a child process takes longer than that on a loaded 2-core CI
// machine. A wait's deadline only turns a condition that never comes into a failure (test/support/wait-for.ts
// says the same of the project's own helper), so the default is the one bound of every test folder, WAIT_MS; a
// call that names its own timeout keeps it. `expect.poll`'s default is set to the same in vitest.config.ts.
import { vi } from 'vitest'

export const WAIT_MS = 15_000

const waitFor = vi.waitFor
vi.waitFor = ((callback, options) =>
  waitFor(
    callback,
    typeof options === 'number' ? options : { timeout: WAIT_MS, ...options },
  )) as typeof vi.waitFor

import { defineConfig } from 'vitest/config'
import vue from '@vitejs/plugin-vue'

// Four projects, one per kind of test, so each can be run alone (`vitest run --project unit`):
// - unit: one module at a time, in plain Node, no server (test/unit mirrors the source tree);
// - integration: the real sandbox over HTTP, the real CLI, real files (test/integration);
// - security: the guarantees of docs/security.md, most of them against the real host (test/security);
// - renderer: Vue components and stores in jsdom, against the fake window.mediadeck (test/renderer).
// `npm test` runs them all, then the Playwright e2e suite (scripts/run-tests.mjs).
// What every project shares: a wait (`vi.waitFor`, `expect.poll`) gives up after 15 s, not vitest's 1 s, when it
// names no bound of its own (test/support/patient-waits.ts says why).
const patientWaits = {
  setupFiles: ['test/support/patient-waits.ts'],
  expect: { poll: { timeout: 15_000 } },
}

const nodeProject = (name: string, folder: string, globalSetup: string[] = []) => ({
  test: {
    name,
    environment: 'node',
    include: [`test/${folder}/**/*.test.ts`],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    globalSetup,
    ...patientWaits,
  },
})

export default defineConfig({
  test: {
    projects: [
      nodeProject('unit', 'unit'),
      // The CLI's tests run the built bin: built once here when stale (test/integration/support/cli-bin.ts).
      nodeProject('integration', 'integration', ['test/integration/support/cli-bin.ts']),
      nodeProject('security', 'security', ['test/integration/support/cli-bin.ts']),
      {
        plugins: [vue()],
        test: {
          name: 'renderer',
          environment: 'jsdom',
          include: ['test/renderer/**/*.test.ts'],
          // The same bound as the node projects, not vitest's 5 s: a test timeout only catches a hang, and time
          // is never what these tests assert. A view's test mounts the whole view in jsdom, and a file's first
          // test also pays for Vite compiling the view's lazily routed components: beside stress-ng on the
          // shared 2-core machine such tests took 3–8 s, and the planner's first one failed at 5 s.
          testTimeout: 30_000,
          hookTimeout: 30_000,
          ...patientWaits,
        },
      },
    ],
  },
})

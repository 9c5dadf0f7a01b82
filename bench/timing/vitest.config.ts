import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

// The checks that hold the app to the wall clock (a rate, a duration), run by `npm run bench`
// (bench/timing/run.ts), never by `npm test`: on a shared, loaded machine a wall-clock bound says how loaded
// it was as much as how the code behaves. The tests keep the same behaviour on injected clocks.
// Node checks here, the renderer's in jsdom (bench/timing/renderer/).
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    projects: [
      {
        test: {
          name: 'timing',
          environment: 'node',
          include: ['bench/timing/*.timing.ts'],
          testTimeout: 120_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'timing-renderer',
          environment: 'jsdom',
          include: ['bench/timing/renderer/*.timing.ts'],
        },
      },
    ],
  },
})

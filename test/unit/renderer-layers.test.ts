// The renderer's inner layers (docs/architecture.md), as eslint.config.js holds them: only the stores reach main
// (lib/mediadeck.ts, the one place that reads window.mediadeck), no store imports a component or a view, and the
// planner's logic the stores use (lib/planner/) imports none either. Run with the
// repository's configuration, its import restrictions alone and no type information (that takes 40 s).
import { ESLint } from 'eslint'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))
const eslint = new ESLint({
  cwd: root,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports' || ruleId === 'no-restricted-properties',
})
const refusals = async (code: string, file: string) =>
  (await eslint.lintText(code, { filePath: join(root, file) }))[0]!.messages.map((m) => m.message)

describe('the renderer’s layers', () => {
  it('refuses a component or a view imported by a store or by lib/planner, and allows it in a component', async () => {
    const component = "import { groupCampaigns } from '../components/planner/campaign-cards'\n"
    expect(await refusals(component, 'renderer/stores/planner.ts')).toEqual([
      expect.stringContaining('no store imports a component'),
    ])
    expect(
      await refusals("import View from '../views/PlannerView.vue'\n", 'renderer/stores/app.ts'),
    ).toHaveLength(1)
    expect(
      await refusals(
        "import type { IconName } from '../../components/ui/icons'\n",
        'renderer/lib/planner/x.ts',
      ),
    ).toHaveLength(1)
    expect(
      await refusals(
        "import { groupCampaigns } from '../lib/planner/campaign-cards'\n",
        'renderer/stores/planner.ts',
      ),
    ).toEqual([])
    expect(
      await refusals("import UiButton from '../ui/UiButton.vue'\n", 'renderer/components/planner/x.ts'),
    ).toEqual([])
  })

  it('lets only the stores import the door to main, and only the door read window.mediadeck', async () => {
    const door = (path: string) => `import { mediadeck } from '${path}'\n`
    const refused = expect.stringContaining('only its stores call it')
    expect(await refusals(door('../../lib/mediadeck'), 'renderer/components/planner/use-x.ts')).toEqual([
      refused,
    ])
    expect(await refusals(door('../lib/mediadeck'), 'renderer/views/x.ts')).toEqual([refused])
    expect(await refusals(door('../lib/mediadeck'), 'renderer/composables/use-x.ts')).toEqual([refused])
    expect(await refusals(door('./lib/mediadeck'), 'renderer/main.ts')).toEqual([refused])
    expect(await refusals(door('./mediadeck'), 'renderer/lib/download.ts')).toEqual([refused])
    expect(await refusals(door('../mediadeck.ts'), 'renderer/lib/planner/x.ts')).toHaveLength(1)
    expect(await refusals(door('../lib/mediadeck'), 'renderer/stores/x.ts')).toEqual([])

    const reads = 'export const api = () => window.mediadeck.app.info()\n'
    expect(await refusals(reads, 'renderer/components/x.ts')).toEqual([
      expect.stringContaining('called by the stores'),
    ])
    expect(await refusals('globalThis.mediadeck.app.info()\n', 'renderer/stores/x.ts')).toHaveLength(1)
    expect(await refusals(reads, 'renderer/lib/mediadeck.ts')).toEqual([])
  })

  // The views and components (.vue) are held by the lint of the whole tree (CI); here the modules without markup.
  it('holds for every store, lib and composable module as they are', async () => {
    const results = await eslint.lintFiles([
      'renderer/stores/**/*.ts',
      'renderer/lib/**/*.ts',
      'renderer/composables/**/*.ts',
    ])
    expect(results.length).toBeGreaterThan(50)
    expect(results.flatMap((r) => r.messages.map((m) => `${r.filePath}: ${m.message}`))).toEqual([])
    // A typed lint of some 150 modules: a few seconds alone, over two minutes beside the rest of the suite on two cores.
  }, 240_000)
})

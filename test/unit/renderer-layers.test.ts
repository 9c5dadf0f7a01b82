// The renderer's inner layers (docs/architecture.md), as eslint.config.js holds them: no store imports a
// component or a view, and the planner's logic the stores use (lib/planner/) imports none either. Run with the
// repository's configuration, its import restrictions alone and no type information (that takes 40 s).
import { ESLint } from 'eslint'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../..', import.meta.url))
const eslint = new ESLint({
  cwd: root,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports',
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

  it('holds for every store and planner module as they are', async () => {
    const results = await eslint.lintFiles(['renderer/stores/**/*.ts', 'renderer/lib/planner/**/*.ts'])
    expect(results.length).toBeGreaterThan(10)
    expect(results.flatMap((r) => r.messages.map((m) => `${r.filePath}: ${m.message}`))).toEqual([])
  })
})

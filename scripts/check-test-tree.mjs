// Unit tests mirror the source tree (CONTRIBUTING.md): the test of main/<folder>/<module>.ts is
// test/unit/<folder>/<module>.test.ts, and common/ and preload/ keep their own names. A module tested from
// several files names each after it (`upload-engine-pause.test.ts`). `support/` folders hold fixtures and are
// not checked. The scripts' tests mirror scripts/ the same way (test/unit/scripts/x.test.ts → scripts/x.mjs).
// Run by `npm run lint`; it names each test that has no module at its place, and where to look.
import { existsSync, readdirSync } from 'node:fs'
import { join, relative, sep } from 'node:path'

const UNIT = 'test/unit'
const OWN_ROOTS = new Set(['common', 'preload', 'scripts'])

function* testFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) {
      if (entry.name !== 'support') yield* testFiles(path)
    } else if (entry.name.endsWith('.test.ts')) yield path
  }
}

/** The source folder a test folder mirrors: test/unit/common/x → common/x, test/unit/core/x → main/core/x. */
function sourceFolder(testDir) {
  const rel = relative(UNIT, testDir)
  if (rel === '') return '.'
  // The system's separator: `relative` answers with backslashes on Windows (the forge's windows runner).
  return OWN_ROOTS.has(rel.split(sep)[0]) ? rel : join('main', rel)
}

const misplaced = []
for (const file of testFiles(UNIT)) {
  const dir = join(file, '..')
  const name = file.slice(dir.length + 1, -'.test.ts'.length)
  const folder = sourceFolder(dir)
  // The module is the test's name, or the longest prefix of it before a '-' that names a module there.
  const parts = name.split('-')
  const found = parts.some((_, i) => {
    const module = parts.slice(0, parts.length - i).join('-')
    const at = join(folder, module)
    // A module is a file, or a folder with an index.ts (common/messages/); at the top, a root file or folder
    // (package.test.ts checks package.json, main-file-size.test.ts every file of main/).
    return (
      existsSync(`${at}.ts`) ||
      existsSync(`${at}.mjs`) ||
      existsSync(join(at, 'index.ts')) ||
      (folder === '.' && (existsSync(`${module}.json`) || existsSync(module)))
    )
  })
  if (!found)
    misplaced.push(`${file}: no module ${join(folder, `${name}.ts`)} (nor one its name starts with)`)
}

if (misplaced.length > 0) {
  console.error('Unit tests that do not mirror a source module (CONTRIBUTING.md, "Run one test"):')
  for (const line of misplaced) console.error(`  ${line}`)
  process.exit(1)
}

#!/usr/bin/env node
// The `mediadeck` bin (built into out/cli/mediadeck.js by scripts/build-cli.mjs). It checks the Node version,
// quiets Node's SQLite notice, then loads the CLI: everything else is imported after these lines run, and each
// command only when it is chosen (./command-registry.ts), so `mediadeck --help` starts in a fraction of a second.
import { hideSqliteExperimentalWarning } from './node-warnings'

// The local database is Node's built-in node:sqlite, and package.json says Node 24; an older Node would fail
// later with a stack trace, so say it in one line first.
const major = Number(process.versions.node.split('.')[0])
if (major < 24) {
  process.stderr.write(`error: mediadeck needs Node.js 24 or later; this is ${process.version}\n`)
  process.exit(1)
}
hideSqliteExperimentalWarning(process)
await import('./index')

#!/usr/bin/env node
// The `mediadeck` bin (built into out/cli/mediadeck.js by scripts/build-cli.mjs). It only quiets Node's SQLite
// notice, then loads the CLI: everything else is imported after this line runs, and each command only when
// it is chosen (./command-registry.ts), so `mediadeck --help` starts in a fraction of a second.
import { hideSqliteExperimentalWarning } from './node-warnings'

hideSqliteExperimentalWarning(process)
await import('./index')

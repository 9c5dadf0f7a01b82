// `npm run cli -- <command>`: runs the bundled CLI (out/cli/mediadeck.js, the same file the `mediadeck` bin
// is), building it first when a source is newer than the bundle (about a second), so no TypeScript loader runs
// at run time and the repository's CLI is the one people install.
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { CLI_OUT, ensureCli } from './build-cli.mjs'

if (await ensureCli()) process.stderr.write('(built the CLI into out/cli)\n')
await import(pathToFileURL(join(CLI_OUT, 'mediadeck.js')).href)

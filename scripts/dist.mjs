// `npm run dist`: checks what a release needs before anything is built, then builds and packages it.
// The packaged app carries its update feed (app-update.yml): GitHub releases of MEDIADECK_PUBLISH_OWNER /
// MEDIADECK_PUBLISH_REPO (electron-builder.yml). Without them electron-builder would fail only after the whole
// build, or a feed override could leave a release whose updater looks nowhere, so a release that publishes or
// keeps the GitHub feed stops here at once. `npm run build` needs none of this.
// Arguments go to electron-builder: `npm run dist -- --publish never`, `-- -c.publish.provider=generic ...`.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

/**
 * Whether a release can be made with these arguments and environment: `{ error }` when it cannot, `{}` when
 * all is in place. Even `--publish never` needs the feed: electron-builder writes app-update.yml into every
 * package after packing it, expanding `${env.…}` there, and fails then on an unset one (PublishManager.js).
 */
export function publishPreflight(args, env) {
  const value = (flag) => {
    for (let i = 0; i < args.length; i++) {
      if (args[i] === flag) return args[i + 1]
      if (args[i].startsWith(`${flag}=`)) return args[i].slice(flag.length + 1)
    }
    return undefined
  }
  const publish = value('--publish') ?? value('-p')
  // Another feed named on the command line: the GitHub owner and repository are not used.
  const provider = value('-c.publish.provider') ?? value('--config.publish.provider')
  if (provider !== undefined && provider !== 'github') return {}
  const missing = ['MEDIADECK_PUBLISH_OWNER', 'MEDIADECK_PUBLISH_REPO'].filter((name) => !env[name]?.trim())
  if (missing.length === 0) return {}
  const unset = `${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not set`
  const local =
    publish === 'never'
      ? 'A local package still carries the feed: name one, even unused ' +
        '(-c.publish.provider=generic -c.publish.url=https://...).'
      : 'Set both, or name another feed (-c.publish.provider=generic -c.publish.url=https://...).'
  return {
    error: `${unset}: the release's update feed (GitHub releases of owner/repository) would point nowhere. ${local}`,
  }
}

const PUBLISH_OPTION = /^(?:-c|--config)\.publish\.([A-Za-z]+)(?:=(.*))?$/s

/**
 * The arguments to hand electron-builder. A feed other than GitHub named on the command line
 * (`-c.publish.provider=generic -c.publish.url=https://...`) cannot go to it as given: electron-builder merges
 * `-c.publish.*` into electron-builder.yml's GitHub feed, and the generic feed then carries the GitHub owner,
 * repo and releaseType, which its schema refuses ("configuration.publish should be one of these"). So those
 * options become a configuration of their own (`config`, to be written to a file passed with --config) that
 * extends electron-builder.yml and whose publish list is that feed alone: electron-builder replaces an object
 * by a list when it merges configurations. Other arguments pass through untouched.
 */
export function electronBuilderArgs(args, configFile = 'electron-builder.yml') {
  const feed = {}
  const rest = []
  for (let i = 0; i < args.length; i++) {
    const match = PUBLISH_OPTION.exec(args[i])
    if (!match) {
      rest.push(args[i])
      continue
    }
    let value = match[2]
    if (value === undefined) value = args[++i] ?? ''
    feed[match[1]] = value === 'true' ? true : value === 'false' ? false : value
  }
  if (feed.provider === undefined || feed.provider === 'github') return { args }
  return { args: rest, config: { extends: resolve(configFile), publish: [feed] } }
}

function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit', shell: process.platform === 'win32' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2)
  const { error } = publishPreflight(args, process.env)
  if (error) {
    console.error(`npm run dist: ${error}`)
    process.exit(1)
  }
  const builder = electronBuilderArgs(args)
  if (builder.config) {
    // Outside the project: out/ is packed into the app.
    const file = join(mkdtempSync(join(tmpdir(), 'mediadeck-dist-')), 'electron-builder.json')
    writeFileSync(file, JSON.stringify(builder.config, null, 2))
    builder.args.push('--config', file)
  }
  run('npm', ['run', 'build'])
  run('npx', ['electron-builder', ...builder.args])
}

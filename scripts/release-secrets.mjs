// The first step of a release (.github/workflows/release.yml): every secret the release reads is there, and the
// tag is the version package.json gives the packages, before anything is built. Without this a missing
// certificate shows up as an unsigned app, or a failure after the whole build, on one system of three.
// `node scripts/release-secrets.mjs [--tag vX.Y.Z] [--platform linux|darwin|win32 ...]` (all platforms by
// default); it exits 1 naming each missing secret, or a tag that is not the version.
import { readFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'

/**
 * The names electron-builder (electron-builder.yml) and `npm run dist` (scripts/dist.mjs) read, by the
 * system whose package needs them, each with what it is for.
 */
export const RELEASE_SECRETS = {
  all: {
    GH_TOKEN: 'publishing to the GitHub releases the updater reads (the workflow passes its GITHUB_TOKEN)',
  },
  darwin: {
    CSC_LINK: 'the Developer ID Application certificate (.p12, base64) that signs the macOS app',
    CSC_KEY_PASSWORD: "that certificate's password",
    APPLE_API_KEY: 'the App Store Connect API key (.p8 contents) that notarises the macOS app',
    APPLE_API_KEY_ID: "that key's ID",
    APPLE_API_ISSUER: "that key's issuer ID",
  },
  win32: {
    WIN_CSC_LINK: 'the code-signing certificate (.pfx, base64) that signs the Windows installer',
    WIN_CSC_KEY_PASSWORD: "that certificate's password",
  },
  linux: {},
}

export const PLATFORMS = ['linux', 'darwin', 'win32']

/** Each secret of `platforms` that `env` lacks (unset or blank): `[{ name, platform, purpose }]`. */
export function missingSecrets(env, platforms = PLATFORMS) {
  const wanted = [
    ...Object.entries(RELEASE_SECRETS.all).map(([name, purpose]) => ({ name, platform: 'all', purpose })),
    ...platforms.flatMap((platform) => {
      if (!(platform in RELEASE_SECRETS) || platform === 'all')
        throw new Error(`unknown platform "${platform}"`)
      return Object.entries(RELEASE_SECRETS[platform]).map(([name, purpose]) => ({ name, platform, purpose }))
    }),
  ]
  return wanted.filter(({ name }) => !env[name]?.trim())
}

/** An error when `tag` (e.g. v1.2.0) is not `v` + `version`, the version the packages and the feed carry. */
export function tagMismatch(tag, version) {
  if (tag === undefined || tag === `v${version}`) return undefined
  return `the tag ${tag} is not the version package.json gives the packages (v${version}): bump it and tag again`
}

function parseArgs(args) {
  const platforms = []
  let tag
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--tag') tag = args[++i]
    else if (args[i] === '--platform') platforms.push(args[++i])
    else throw new Error(`unknown argument "${args[i]}"`)
  }
  return { tag, platforms: platforms.length > 0 ? platforms : PLATFORMS }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  let parsed
  try {
    parsed = parseArgs(process.argv.slice(2))
  } catch (error) {
    console.error(`release: ${error.message}`)
    process.exit(2)
  }
  const problems = missingSecrets(process.env, parsed.platforms).map(
    ({ name, platform, purpose }) =>
      `the secret ${name} is not set (${platform === 'all' ? 'every system' : platform}: ${purpose})`,
  )
  const { version } = JSON.parse(readFileSync('package.json', 'utf8'))
  const tagProblem = tagMismatch(parsed.tag, version)
  if (tagProblem) problems.push(tagProblem)
  if (problems.length > 0) {
    for (const problem of problems) console.error(`release: ${problem}`)
    console.error("release: nothing was built. Add the secrets under the repository's Settings > Secrets.")
    process.exit(1)
  }
  const tagged = parsed.tag ? `, and ${parsed.tag} is the version` : ''
  console.log(`release: every secret of ${parsed.platforms.join(', ')} is set${tagged}`)
}

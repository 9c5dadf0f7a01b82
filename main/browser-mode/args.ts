// The browser mode's command line: `[--port N]` (also `--port=N`), nothing else.
export const USAGE = 'usage: npm run start:browser -- [--port N]'

export function parseArgs(argv: readonly string[]): { port: number } | { help: true } {
  let port = 0
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (arg === '--help' || arg === '-h') return { help: true }
    const [flag, inline] = arg.startsWith('--port=')
      ? ['--port', arg.slice('--port='.length)]
      : [arg, undefined]
    if (flag !== '--port') throw new UsageError(`unknown argument: ${arg}`)
    const value = inline ?? argv[++i]
    if (value === undefined || !/^\d+$/.test(value) || Number(value) > 65_535) {
      throw new UsageError(
        `--port needs a number from 0 to 65535${value === undefined ? '' : `, not "${value}"`}`,
      )
    }
    port = Number(value)
  }
  return { port }
}

export class UsageError extends Error {}

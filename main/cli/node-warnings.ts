// Node 24 still prints "ExperimentalWarning: SQLite is an experimental feature" the first time `node:sqlite` is
// loaded (the local database uses it). For the CLI that line is noise on stderr, where an error must be the one
// clear line (docs/design.md). Only that warning is dropped: every other warning, experimental ones included,
// still reaches Node's own printer. Flags in the shebang (`--disable-warning`) would drop every experimental
// warning, and `env -S` is not there on every system npm installs bins on.

interface WarningOptions {
  type?: string
}

/** Whether the arguments of a process.emitWarning call are Node's SQLite experimental notice. */
export function isSqliteExperimentalWarning(warning: unknown, typeOrOptions?: unknown): boolean {
  const type =
    warning instanceof Error
      ? warning.name
      : typeof typeOrOptions === 'string'
        ? typeOrOptions
        : (typeOrOptions as WarningOptions | undefined)?.type
  const message = warning instanceof Error ? warning.message : String(warning)
  return type === 'ExperimentalWarning' && /^SQLite is an experimental feature/.test(message)
}

/** Makes `proc.emitWarning` skip the SQLite notice; call before anything loads `node:sqlite`. */
export function hideSqliteExperimentalWarning(proc: Pick<NodeJS.Process, 'emitWarning'>): void {
  const emit = proc.emitWarning
  proc.emitWarning = function (this: unknown, warning: unknown, ...rest: unknown[]) {
    if (isSqliteExperimentalWarning(warning, rest[0])) return
    return (emit as (...args: unknown[]) => void).call(this, warning, ...rest)
  } as NodeJS.Process['emitWarning']
}

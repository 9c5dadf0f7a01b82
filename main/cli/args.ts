// Argument parsing on node:util parseArgs (options may stand before or after positionals), plus the value
// checks every command shares. A UsageError means exit code 2 (docs/design.md, CLI contract).
import { parseArgs } from 'node:util'
import type { ParseArgsConfig } from 'node:util'

export class UsageError extends Error {
  override name = 'UsageError'
  /** false for a problem with the set-up (no profile), where repeating the command's usage does not help. */
  readonly showUsage: boolean

  constructor(message: string, options: { showUsage?: boolean } = {}) {
    super(message)
    this.showUsage = options.showUsage ?? true
  }
}

export type OptionSpec = NonNullable<ParseArgsConfig['options']>

export interface Parsed {
  values: Record<string, string | boolean | (string | boolean)[] | undefined>
  positionals: string[]
}

export function parse(argv: string[], options: OptionSpec, usage: string): Parsed {
  try {
    const { values, positionals } = parseArgs({ args: argv, options, allowPositionals: true, strict: true })
    return { values: values as Parsed['values'], positionals }
  } catch (error) {
    // parseArgs' messages are already one line ("Unknown option '--x'"); add the command's usage.
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error)
    throw new UsageError(`${message}\n${usage}`)
  }
}

export function intOption(value: unknown, name: string, min: number, max: number): number | undefined {
  if (value === undefined) return undefined
  const text = String(value)
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
    throw new UsageError(
      `--${name} must be a whole number from ${min} to ${max}, got ${JSON.stringify(text)}`,
    )
  }
  return Number(text)
}

export function stringOption(value: unknown, name: string): string | undefined {
  if (value === undefined) return undefined
  const text = String(value)
  if (text.trim() === '') throw new UsageError(`--${name} must not be empty`)
  return text
}

export function listOption(value: unknown, name: string): string[] | undefined {
  if (value === undefined) return undefined
  const list = (Array.isArray(value) ? value : [value]).map(String)
  for (const item of list) if (item.trim() === '') throw new UsageError(`--${name} must not be empty`)
  return list
}

/** A date or timestamp the service accepts in fromDate/toDate: `YYYY-MM-DD` or ISO 8601 with a zone. */
export function dateOption(value: unknown, name: string): string | undefined {
  const text = stringOption(value, name)
  if (text === undefined) return undefined
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(text)
  const timestamp = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(text)
  const parsed = Date.parse(dateOnly ? `${text}T00:00:00Z` : text)
  if ((!dateOnly && !timestamp) || Number.isNaN(parsed)) {
    throw new UsageError(
      `--${name} must be a date (YYYY-MM-DD) or an ISO 8601 timestamp with a zone, got ${text}`,
    )
  }
  if (dateOnly && new Date(parsed).toISOString().slice(0, 10) !== text) {
    throw new UsageError(`--${name} is not a calendar date: ${text}`)
  }
  return text
}

export function noPositionals(positionals: string[], usage: string): void {
  if (positionals.length > 0)
    throw new UsageError(`unexpected argument ${JSON.stringify(positionals[0])}\n${usage}`)
}

const SIZE_UNITS: Record<string, number> = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }

/**
 * A byte count as curl reads one (`--limit-rate`, `--max-filesize`): digits, or a number with a k, M or G
 * suffix (either case) counted in 1024s ("2M" is 2 097 152). `1.5M` is allowed and rounded up to a whole byte.
 */
export function byteSizeArgument(value: unknown, name: string): number {
  const text = String(value ?? '').trim()
  const match = /^(\d+(?:\.\d+)?)([kKmMgG]?)$/.exec(text)
  const unit = match ? SIZE_UNITS[match[2]!.toLowerCase()]! : 0
  const bytes = match ? Math.ceil(Number(match[1]) * unit) : NaN
  if (!match || (unit === 1 && match[1]!.includes('.')) || !Number.isSafeInteger(bytes)) {
    throw new UsageError(
      `${name} must be bytes, or a number with a k, M or G suffix (1024s), got ${JSON.stringify(text)}`,
    )
  }
  return bytes
}

/** A speed in bytes a second as curl's `--limit-rate` spells it (see byteSizeArgument); at least 1. */
export function rateOption(value: unknown, name: string): number | undefined {
  if (value === undefined) return undefined
  let bytes = 0
  try {
    bytes = byteSizeArgument(value, `--${name}`)
  } catch {
    // Said as a speed below.
  }
  if (bytes < 1) {
    throw new UsageError(
      `--${name} must be a speed in bytes a second of at least 1, like 500k, 2M or 1G, got ${JSON.stringify(String(value))}`,
    )
  }
  return bytes
}

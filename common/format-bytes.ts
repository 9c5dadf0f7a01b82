// The one way a size is written for a person, in every process: the CLI's lines, main's messages and the
// renderer's views all call formatBytes.
//
// The convention: binary steps, 1 kB = 1024 B, 1 MB = 1024 kB, and so on, with the short unit names Intl gives
// for the reader's language ("kB", "MB", "GB"). Binary because the sizes people compare against are binary:
// the service's storage plans are whole GiB (the sandbox's demo plan is `5 * GIB`, sandbox/config.ts), which
// then read "5 GB" rather than "5.4 GB"; and because what a person types is binary too: the CLI's
// `--limit-rate 500k` and `storage free 2G` count k/M/G in 1024s as curl does (main/cli/args.ts), so a size
// typed in comes back out with the same number.

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const
const STEP = 1024

// Building an Intl formatter costs far more than using one, and a list of 100 rows formats hundreds of sizes:
// one formatter per language and unit, made on first use.
const formatters = new Map<string, Intl.NumberFormat>()

function formatter(locale: string, unit: number, digits: number): Intl.NumberFormat {
  const key = `${locale}|${unit}|${digits}`
  let found = formatters.get(key)
  if (!found) {
    // Intl has no short symbol for a plain byte ("319 byte"), so bytes are a plain number with the usual B.
    const options: Intl.NumberFormatOptions =
      unit === 0
        ? { maximumFractionDigits: 0 }
        : { style: 'unit', unit: UNITS[unit], unitDisplay: 'short', maximumFractionDigits: digits }
    formatters.set(key, (found = new Intl.NumberFormat(locale, options)))
  }
  return found
}

/**
 * A byte count for a person: "319 B", "1.5 kB", "12 MB", "5 GB" (in `locale`'s digits: "1,5 kB" in Indonesian).
 * One decimal below 100 of a unit, none from 100 up. A negative or non-finite count reads "–".
 */
export function formatBytes(bytes: number, locale = 'en'): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '–'
  let value = bytes
  let unit = 0
  while (value >= STEP && unit < UNITS.length - 1) {
    value /= STEP
    unit++
  }
  const text = formatter(locale, unit, value >= 100 ? 0 : 1).format(value)
  return unit === 0 ? `${text} B` : text
}

/** A transfer rate: formatBytes of the bytes a second, then "/s". */
export function formatRate(bytesPerSecond: number, locale = 'en'): string {
  return `${formatBytes(bytesPerSecond, locale)}/s`
}

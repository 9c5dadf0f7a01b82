// Query-string reading with the service's conventions: numbers that must be integers, and arrays that
// clients send three ways (`ids[]=a`, repeated `ids=a`, indexed `ids[0]=a`; reference/README.md).
import { HttpError } from './http-util'

export class Query {
  constructor(private readonly params: URLSearchParams) {}

  /** One value; a repeated scalar is ambiguous and refused. */
  string(name: string): string | undefined {
    const values = this.params.getAll(name)
    if (values.length > 1) throw new HttpError(400, `${name} must be given once`)
    return values[0]
  }

  requiredString(name: string): string {
    const value = this.string(name)
    if (value === undefined) throw new HttpError(400, `${name} is required`)
    return value
  }

  integer(
    name: string,
    { min, max, required }: { min: number; max?: number; required: boolean },
  ): number | undefined {
    const raw = this.string(name)
    if (raw === undefined || raw === '') {
      if (required) throw new HttpError(400, `${name} is required`)
      return undefined
    }
    if (!/^[+]?\d{1,9}$/.test(raw.trim())) throw new HttpError(400, `${name} must be an integer`)
    const value = Number(raw.trim())
    if (value < min || (max !== undefined && value > max)) {
      throw new HttpError(
        400,
        max === undefined ? `${name} must be >= ${min}` : `${name} must be ${min}..${max}`,
      )
    }
    return value
  }

  /** Every value of an array parameter, whichever of the three encodings (or a mix) was used. */
  array(name: string): string[] | undefined {
    const indexed = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\[(\\d*)\\]$`)
    const found: { order: number; index: number; value: string }[] = []
    let order = 0
    for (const [key, value] of this.params) {
      if (key === name) found.push({ order: order++, index: -1, value })
      else {
        const m = indexed.exec(key)
        if (m) found.push({ order: order++, index: m[1] === '' ? -1 : Number(m[1]), value })
      }
    }
    if (found.length === 0) return undefined
    // Indexed entries keep their index order; the others keep the order they came in.
    found.sort((a, b) => (a.index >= 0 && b.index >= 0 ? a.index - b.index : a.order - b.order))
    return found.map((f) => f.value)
  }
}

/** A date-time query value: ISO 8601 (date or date-time), else 400. */
export function parseIsoDate(name: string, raw: string | undefined): Date | undefined {
  if (raw === undefined || raw === '') return undefined
  const iso = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/
  const time = Date.parse(raw)
  if (!iso.test(raw) || Number.isNaN(time) || !isCalendarDate(raw))
    throw new HttpError(400, `${name} must be an ISO 8601 date-time`)
  return new Date(time)
}

/** Date.parse rolls 2026-02-30 over to March; the service's validator does not, so neither do we. */
export function isCalendarDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(text)
  if (!m) return false
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const d = new Date(Date.UTC(year, month - 1, day))
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day
}

// Query strings the way the service's docs write them.

export type QueryValue = string | number | boolean | undefined | null | readonly string[]

/**
 * Arrays go out as `accountIds[]=a&accountIds[]=b` (the form the service documents; see reference/README.md,
 * "array queries"); empty arrays and undefined values are left out.
 */
export function buildQuery(params: Record<string, QueryValue>): string {
  const parts: string[] = []
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue
    if (Array.isArray(value)) {
      for (const v of value) parts.push(`${encodeURIComponent(name)}[]=${encodeURIComponent(v)}`)
    } else {
      parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
    }
  }
  return parts.length ? `?${parts.join('&')}` : ''
}

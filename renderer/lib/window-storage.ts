// The window's local storage, or none: a page without it (or one that refuses to hand it over, as a sandboxed
// frame does) only loses what would have been kept there.

export type KeptStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

export function windowStorage(): KeptStorage | null {
  try {
    return globalThis.localStorage ?? null
  } catch {
    return null
  }
}

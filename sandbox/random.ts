// A small seeded PRNG (mulberry32) so demo data and fault dice are reproducible from `randomSeed`.
export interface Random {
  next(): number
  int(min: number, max: number): number
  pick<T>(items: readonly T[]): T
  chance(p: number): boolean
  hex(length: number): string
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (p) => p > 0 && next() < p,
    hex: (length) => {
      let out = ''
      while (out.length < length) out += Math.floor(next() * 16).toString(16)
      return out
    },
  }
}

/** A Mongo ObjectId-shaped id: 8 hex of seconds, then 16 hex of randomness. */
export function objectId(date: Date, random: Random): string {
  return (
    Math.floor(date.getTime() / 1000)
      .toString(16)
      .padStart(8, '0')
      .slice(-8) + random.hex(16)
  )
}

/** Stable 32-bit hash of a string, for seeding per-user demo data. */
export function hashString(text: string): number {
  let h = 2166136261
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619)
  return h >>> 0
}

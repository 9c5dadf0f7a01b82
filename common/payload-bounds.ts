// Bounds on the shape of anything that arrives from a page, checked before a schema walks it. zod (and
// JSON.stringify, structuredClone, every recursive helper after it) recurses once per level: a few kilobytes
// of `[[[[…]]]]` are enough to overflow the stack or to blow a small frame up into megabytes on disk. This
// walk is iterative, so no depth can overflow it, and it stops at the first bound it crosses.
// Runtime imports: none.

/** No call's payload is legitimately deeper than this (a draft's reply media sits at depth 5). */
export const MAX_PAYLOAD_DEPTH = 32
/** Members counted over the whole payload: objects, arrays and leaves (10,000 paths is the largest list). */
export const MAX_PAYLOAD_NODES = 100_000

export interface PayloadShapeLimits {
  maxDepth?: number
  maxNodes?: number
  /** Longest string anywhere in the value; unbounded by default (the schemas bound each named text). */
  maxStringLength?: number
}

/** Undefined when `value` is within the limits, else one sentence saying which bound it crossed. */
export function checkPayloadShape(value: unknown, limits: PayloadShapeLimits = {}): string | undefined {
  const maxDepth = limits.maxDepth ?? MAX_PAYLOAD_DEPTH
  const maxNodes = limits.maxNodes ?? MAX_PAYLOAD_NODES
  const maxStringLength = limits.maxStringLength ?? Infinity
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }]
  let nodes = 0
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!
    if (++nodes > maxNodes) return `the request has too many members (more than ${maxNodes})`
    if (typeof current === 'string' && current.length > maxStringLength)
      return `the request has a text longer than ${maxStringLength} characters`
    if (current === null || typeof current !== 'object') continue
    if (depth >= maxDepth) return `the request is nested deeper than ${maxDepth} levels`
    // Own enumerable members only, as JSON and structured clone carry; values read once, so a getter (only
    // possible in-process) cannot answer differently to this walk and to the schema after it.
    const children = Array.isArray(current) ? current : Object.values(current)
    if (nodes + stack.length + children.length > maxNodes)
      return `the request has too many members (more than ${maxNodes})`
    for (const child of children) stack.push({ value: child, depth: depth + 1 })
  }
  return undefined
}

// Waits for what another process does (a CLI run's row in the database, a file on the service), looking every
// 25 ms: a test waits for the event itself, never for a stretch of time. Past `timeoutMs` it fails, naming
// what it waited for.
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 30_000,
): Promise<void> {
  const start = Date.now()
  while (!(await condition())) {
    if (Date.now() - start > timeoutMs) throw new Error(`${what}: not in time`)
    await new Promise((r) => setTimeout(r, 25))
  }
}

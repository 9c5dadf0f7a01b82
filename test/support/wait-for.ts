// Waits for what happens outside the test's own steps (another process's row in the database, a file on the
// service, the real I/O between two steps of a manual clock), looking every `everyMs`: a test waits for the
// event itself, never for a stretch of time. The deadline only turns a condition that never comes into a
// failure naming what was waited for, never into a pass. The one polling helper of every test folder.
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 30_000,
  everyMs = 10,
): Promise<void> {
  // performance.now: a test's fake Date must not stop the deadline.
  const deadline = performance.now() + timeoutMs
  while (!(await condition())) {
    if (performance.now() > deadline) throw new Error(`still waiting after ${timeoutMs} ms for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, everyMs))
  }
}

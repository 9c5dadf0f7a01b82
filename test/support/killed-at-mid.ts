// A real child process stopped by SIGKILL at a known point: its script (an ES module run by tsx) calls `mid()`
// where it is to stop, which says so on stdout and then blocks, whatever it holds open (a transaction, a
// file); the kill lands there. For the tests of what a kill -9 leaves behind.
import { spawn } from 'node:child_process'
import { expect } from 'vitest'

/** A module of the repository, as the child's `await import(...)` names it. */
export const repoModule = (relative: string): string =>
  JSON.stringify(new URL(`../../${relative}`, import.meta.url).pathname)

/** Runs `body` in a child with `mid()` defined; kills it with SIGKILL once it says it reached `mid()`. */
export async function killedAtMid(body: string): Promise<NodeJS.Signals | null> {
  const script = `
    import { writeSync } from 'node:fs'
    const mid = () => {
      writeSync(1, 'mid\\n')
      // Blocks here, whatever is open, until the kill.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0)
    }
    ${body}`
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.once('exit', (_code, signal) => resolve(signal)),
  )
  const said = await new Promise<string>((resolve) => {
    let text = ''
    child.stdout.on('data', (chunk) => {
      text += String(chunk)
      if (text.includes('\n')) resolve(text.trim())
    })
    void exited.then(() => resolve(text.trim()))
  })
  expect(said).toBe('mid')
  child.kill('SIGKILL')
  return exited
}

// The benchmarks' far end (bench/sink-server.ts) in a process of its own, shared by curl and the uploader.
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

export interface Sink {
  url: string
  /** The last PUT as the sink saw it: its path, size, and the seconds from its headers to its last byte. */
  lastPut(): Promise<{ path: string; bytes: number; seconds: number } | null>
  stop(): void
}

export async function startSink(): Promise<Sink> {
  const script = fileURLToPath(new URL('../sink-server.ts', import.meta.url))
  const child = spawn(process.execPath, ['--import', 'tsx', script], { stdio: ['ignore', 'pipe', 'inherit'] })
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.once('data', (d: Buffer) => resolve(JSON.parse(d.toString()).port))
    child.once('exit', () => reject(new Error('sink exited')))
  })
  const url = `http://127.0.0.1:${port}`
  return {
    url,
    lastPut: async () =>
      (await (await fetch(`${url}/__last-put`)).json()) as Awaited<ReturnType<Sink['lastPut']>>,
    stop: () => child.kill(),
  }
}

// `npm run dev`: the development loop. Vite's dev server serves the renderer with hot reload; main (the
// browser-mode server: handlers, the bridge, its socket, the file intake) runs under `tsx watch`, which restarts
// it when its code changes. The page loads the bridge from main's address, so that address must not change
// across a restart: the token and port are chosen once here and passed to every start of main, with Vite's
// origin, which main's socket and intake then accept (main/browser-mode/server.ts, devOrigin).
// MEDIADECK_DEV_TOKEN and MEDIADECK_DEV_PORT fix them across runs of this script too (a page left open).
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createServer as createNetServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import { createServer } from 'vite'

const root = fileURLToPath(new URL('..', import.meta.url))
const token = process.env.MEDIADECK_DEV_TOKEN || randomBytes(24).toString('base64url')
const mainPort = Number(process.env.MEDIADECK_DEV_PORT || (await freePort()))
const mainBase = `http://127.0.0.1:${mainPort}/${token}/`

const vite = await createServer({
  configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)),
  server: {
    host: '127.0.0.1',
    port: Number(process.env.MEDIADECK_DEV_VITE_PORT || 5173),
    // The page asks main for pictures of other hosts on its own origin (common/pictures.ts): here that origin
    // is Vite's, so the route is handed on to main's, under the token.
    proxy: {
      '/picture': {
        target: `http://127.0.0.1:${mainPort}`,
        changeOrigin: true,
        rewrite: (path) => `/${token}${path}`,
      },
    },
  },
  plugins: [
    {
      name: 'mediadeck-dev-bridge',
      // What the browser-mode server does to the built index.html: the bridge, a classic script in <head>,
      // runs before the app's module script, so window.mediadeck exists when the app starts.
      transformIndexHtml: () => [
        { tag: 'script', attrs: { src: `${mainBase}mediadeck-bridge.js` }, injectTo: 'head-prepend' },
      ],
    },
  ],
})
await vite.listen()
const { port: vitePort } = vite.httpServer.address()
const devOrigin = `http://127.0.0.1:${vitePort}`

const main = spawn(
  process.execPath,
  [
    fileURLToPath(import.meta.resolve('tsx/cli')),
    'watch',
    '--clear-screen=false',
    // The bridge is bundled by main at start (loadBridge), not imported, so tsx does not see it by itself.
    '--include',
    'preload/browser-bridge.ts',
    'main/browser-mode/cli.ts',
    '--port',
    String(mainPort),
  ],
  {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, MEDIADECK_DEV_ORIGIN: devOrigin, MEDIADECK_DEV_TOKEN: token },
  },
)
let announced = false
main.stdout.on('data', (chunk) => {
  process.stdout.write(chunk)
  if (!announced && String(chunk).includes('is ready')) {
    announced = true
    console.log(
      `\nDevelopment loop ready. Open ${devOrigin}/\n` +
        'Renderer changes reload in the page; main restarts on its own changes and the page reconnects.',
    )
  }
})

let stopping = false
async function stop(code) {
  if (stopping) return
  stopping = true
  main.kill('SIGTERM')
  await vite.close()
  process.exit(code)
}
main.on('exit', (code) => void stop(code ?? 1))
process.on('SIGINT', () => void stop(0))
process.on('SIGTERM', () => void stop(0))

/** A port free now, kept for every restart of main. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createNetServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

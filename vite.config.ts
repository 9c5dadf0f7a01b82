import { fileURLToPath } from 'node:url'
import { defineConfig, type Plugin } from 'vite'
import vue from '@vitejs/plugin-vue'

/**
 * The planner's view is loaded lazily (router.ts), but it is the first usable screen measured at start-up
 * (bench/renderer/start-up.ts) and the app's main working view: its chunk, the chunks it imports and its
 * styles are preloaded from the page itself, so they are fetched and parsed while the entry runs instead of
 * after it. Nothing runs before the route asks for it.
 */
function preloadView(view: string): Plugin {
  return {
    name: 'mediadeck:preload-view',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const chunks = Object.values(context.bundle ?? {}).filter((file) => file.type === 'chunk')
        const start = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(`/renderer/views/${view}`))
        if (!start) throw new Error(`preload: no chunk for ${view}`)
        const scripts = new Set<string>()
        const styles = new Set<string>()
        const visit = (fileName: string) => {
          const chunk = chunks.find((c) => c.fileName === fileName)
          if (!chunk || scripts.has(fileName) || chunk.isEntry) return
          scripts.add(fileName)
          for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css)
          chunk.imports.forEach(visit)
        }
        visit(start.fileName)
        // What the entry already loads (its shared chunk, its styles) is in the page once.
        const absent = (href: string) => !html.includes(`/${href}"`)
        return [
          ...[...scripts].filter(absent).map((href) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: '', href: `./${href}` },
            injectTo: 'head' as const,
          })),
          // Fetched, not applied: the view's import adds the stylesheet (from the cache) when it is shown.
          ...[...styles].filter(absent).map((href) => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'style', crossorigin: '', href: `./${href}` },
            injectTo: 'head' as const,
          })),
        ]
      },
    },
  }
}

// The renderer is built once and served by both Electron (app://mediadeck/, main/app/app-protocol.ts) and the
// browser mode (http://127.0.0.1:PORT/<token>/), so asset paths are relative.
export default defineConfig({
  root: fileURLToPath(new URL('./renderer', import.meta.url)),
  base: './',
  plugins: [vue(), preloadView('PlannerView.vue')],
  build: {
    outDir: fileURLToPath(new URL('./out/renderer', import.meta.url)),
    emptyOutDir: true,
    target: 'chrome130',
  },
})

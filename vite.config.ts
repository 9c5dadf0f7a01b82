import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import vue from '@vitejs/plugin-vue'

// The renderer is built once and served by both Electron (app://mediadeck/, main/app/app-protocol.ts) and the
// browser mode (http://127.0.0.1:PORT/<token>/), so asset paths are relative.
export default defineConfig({
  root: fileURLToPath(new URL('./renderer', import.meta.url)),
  base: './',
  plugins: [vue()],
  build: {
    outDir: fileURLToPath(new URL('./out/renderer', import.meta.url)),
    emptyOutDir: true,
    target: 'chrome130',
  },
})

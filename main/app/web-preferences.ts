// The window's webPreferences: the renderer gets no Node, runs sandboxed in its own isolated world, and sees
// only what the preload puts on window.mediadeck. Pinned by test/unit/app/main-window.test.ts.
import type { WebPreferences } from 'electron'

/**
 * `devTools` only for an unpackaged app: in an installed one, devtools would let anyone at the keyboard run code
 * in the page with its bridge to main.
 */
export function secureWebPreferences(preloadPath: string, options: { devTools: boolean }): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    spellcheck: true,
    devTools: options.devTools,
  }
}

// The browser mode's programmatic entry, for e2e tests and tools: see server.ts.
export { DEFAULT_RENDERER_DIR, startBrowserMode, type BrowserMode, type BrowserModeOptions } from './server'
export type { AppHost } from '../host/app-host'

// The browser mode's programmatic entry, for e2e tests and tools: see server.ts.
export { startBrowserMode, type BrowserMode, type BrowserModeOptions } from './server'
export type { AppHost } from '../host/app-host'

// The one thing the renderer may call: window.mediadeck, typed from the IPC contract. The preload (app) or
// the browser stand-in (browser mode) defines it before the app's script runs. Failures reject with plain
// AppErrorData (see common/errors.ts), never an Error instance.
import type { MediadeckApi } from '../common/contract'

declare global {
  interface Window {
    readonly mediadeck: MediadeckApi
  }
}

export {}

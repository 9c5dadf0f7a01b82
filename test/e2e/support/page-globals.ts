// What code passed to page.evaluate sees. The node tsconfig (which checks e2e specs) has no DOM library, so
// the few page globals the specs use are declared here: `pageGlobals()` inside an evaluate callback is the
// page's window, typed.
import type { MediadeckApi } from '../../../common/contract'

export interface PageDataTransfer {
  items: { add(file: File): unknown }
}

/** An <input type="file"> the Electron specs add, to hold Files backed by the disk (they have a path). */
export interface PageFileInput {
  type: string
  id: string
  hidden: boolean
  files: ArrayLike<File> | null
}

export interface PageGlobals {
  mediadeck: MediadeckApi
  document: {
    createElement(tag: 'input'): PageFileInput
    getElementById(id: string): unknown
    body: { append(node: unknown): void }
  }
  DataTransfer: new () => PageDataTransfer
  DragEvent: new (
    type: string,
    init: { dataTransfer: PageDataTransfer; bubbles: boolean; cancelable: boolean },
  ) => unknown
  dispatchEvent(event: unknown): boolean
  navigator: { clipboard: { readText(): Promise<string> } }
  require?: unknown
  process?: unknown
}

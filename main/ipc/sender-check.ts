// Only the app's own window, and only its main frame showing the app's own page, may call main. An iframe,
// a page the window was tricked into navigating to, or any other webContents is refused before validation.
// Frames are compared by process and routing id: Electron may hand out a new WebFrameMain wrapper per event.

/** The parts of Electron's IpcMainInvokeEvent this reads (kept structural so tests need no Electron). */
export interface SenderEvent {
  sender: unknown
  senderFrame: FrameLike | null
}
export interface FrameLike {
  url: string
  processId: number
  routingId: number
  parent: FrameLike | null
}
export interface AppContentsLike {
  isDestroyed(): boolean
  mainFrame: FrameLike
}

export interface SenderCheckOptions {
  /** The app window's webContents, or undefined while there is none. */
  appContents(): AppContentsLike | undefined
  isAppUrl(url: string): boolean
}

export function createSenderCheck(options: SenderCheckOptions): (event: SenderEvent) => boolean {
  return (event) => {
    const contents = options.appContents()
    if (!contents || contents.isDestroyed() || event.sender !== contents) return false
    const frame = event.senderFrame
    if (!frame || frame.parent !== null) return false
    const main = contents.mainFrame
    if (frame.processId !== main.processId || frame.routingId !== main.routingId) return false
    return options.isAppUrl(frame.url)
  }
}

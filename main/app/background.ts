// Living in the background, without Electron: whether closing the window hides it (the tray keeps the app,
// the outbox and the uploads going) and whether a quit asks first. start-app.ts wires these to the window,
// the dialogs and the app's lifecycle.

export interface CloseDecision {
  /** Keep the app running in the tray instead of letting the window close. */
  hide: boolean
  /** Say once that the app is still running (and where to turn that off). */
  explain: boolean
}

export function decideClose(options: {
  runInBackground: boolean
  /** A quit is under way (menu, tray, OS): the window closes for real. */
  quitting: boolean
  /** The tray could be created; without one a hidden window could not be found again. */
  hasTray: boolean
  alreadyExplained: boolean
}): CloseDecision {
  const hide = options.runInBackground && options.hasTray && !options.quitting
  return { hide, explain: hide && !options.alreadyExplained }
}

/**
 * A quit with uploads under way asks once: the journal makes the quit safe and the uploads resume at the next
 * start, so the question only makes sure it is meant. A second quit (the answer, or another Cmd+Q) goes ahead.
 */
export function createQuitGuard(options: { uploadsRunning(): boolean; confirm(): Promise<boolean> }): {
  allowQuit(): Promise<boolean>
} {
  let asked = false
  return {
    async allowQuit() {
      if (asked || !options.uploadsRunning()) return true
      asked = true
      const ok = await options.confirm()
      if (!ok) asked = false
      return ok
    },
  }
}

/** Started by the login item: the window stays closed and the app begins in the tray. */
export const HIDDEN_ARG = '--hidden'
export function startsHidden(argv: readonly string[], openedAtLogin: boolean): boolean {
  return openedAtLogin || argv.includes(HIDDEN_ARG)
}

// The CLI's stdout and stderr as a process sees them. A reader that stops early (`… | head -1`, a pager
// quit before the end) closes the pipe, and the next write fails with EPIPE. Node ignores SIGPIPE, so that
// arrives as an 'error' event, which unhandled ends the process with a stack trace and status 1.
//
// Ending output early is normal for a command-line tool, so a closed reader is not an error here: the output
// that nobody reads is dropped, the command finishes the work it was asked for (closing the reader of an
// `upload --json` report must not leave an upload half done), and the exit code is the command's own — 0 for a
// listing that succeeded, as `git log | head` leaves the pipeline's status to the reader. Any other failure
// to write (EIO, a full disk behind a redirect) is a real failure: it sets status 1 once, without a trace.
import type { Writable } from 'node:stream'

export interface OutputGuard {
  /** Whether the reader closed this stream; later writes to it are dropped. */
  readonly closed: boolean
}

export function guardOutput(
  stream: Writable,
  onFailure: (error: NodeJS.ErrnoException) => void,
): OutputGuard {
  const guard = { closed: false }
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (guard.closed) return
    guard.closed = true
    if (error.code !== 'EPIPE') onFailure(error)
  })
  const write = stream.write.bind(stream) as (...args: unknown[]) => boolean
  // A write after the reader left would only raise ERR_STREAM_DESTROYED; nobody is there to read it.
  stream.write = ((...args: unknown[]) => {
    if (!guard.closed) return write(...args)
    const callback = args.find((arg) => typeof arg === 'function') as (() => void) | undefined
    if (callback) process.nextTick(callback)
    return true
  }) as Writable['write']
  return guard
}

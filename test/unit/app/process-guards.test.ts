// Failures outside any handler in the Electron main, against a mocked electron (the binary cannot run here):
// logged, and a failed start-up shown, then the lock released and the app ended.
import { EventEmitter } from 'node:events'
import { beforeEach, describe, expect, it, vi } from 'vitest'

const electron = vi.hoisted(() => {
  const calls: string[] = []
  const appEvents = new Map<string, (...args: unknown[]) => void>()
  const state = { locale: 'en-US', boxFails: false }
  return {
    calls,
    appEvents,
    state,
    app: {
      on: (event: string, listener: (...args: unknown[]) => void) => appEvents.set(event, listener),
      getLocale: () => state.locale,
      releaseSingleInstanceLock: () => calls.push('unlock'),
      exit: (code: number) => calls.push(`exit:${code}`),
    },
    dialog: {
      showErrorBox: (title: string, body: string) => {
        if (state.boxFails) throw new Error('no display')
        calls.push(`box:${title}|${body}`)
      },
    },
  }
})
vi.mock('electron', () => ({ app: electron.app, dialog: electron.dialog }))

const { exitIfStartupFails, failStartup, installProcessGuards } =
  await import('../../../main/app/process-guards')

function recordingLog() {
  const errors: unknown[][] = []
  const noop = () => undefined
  return {
    errors,
    log: { info: noop, warn: noop, debug: noop, error: (...data: unknown[]) => errors.push(data) },
  }
}

beforeEach(() => {
  electron.calls.length = 0
  electron.state.locale = 'en-US'
  electron.state.boxFails = false
})

describe('process guards', () => {
  it('log an uncaught exception, an unhandled rejection and a child process that died', () => {
    const { errors, log } = recordingLog()
    const proc = new EventEmitter()
    installProcessGuards(log, proc as never)
    const boom = new Error('boom')
    proc.emit('uncaughtException', boom)
    proc.emit('unhandledRejection', 'nobody awaited this')
    const gone = electron.appEvents.get('child-process-gone')!
    gone({}, { type: 'GPU', reason: 'crashed', exitCode: 139 })
    gone({}, { type: 'Utility', name: 'Network Service', reason: 'clean-exit', exitCode: 0 })
    expect(errors).toEqual([
      ['uncaught exception in main', boom],
      ['unhandled promise rejection in main', 'nobody awaited this'],
      ['child process GPU (GPU) is gone: crashed, exit code 139'],
    ])
  })

  it('show why start-up failed, in the system language, then release the lock and exit', () => {
    const { errors, log } = recordingLog()
    electron.state.locale = 'id-ID'
    failStartup(new Error('ENOTDIR: not a directory'), { log, logFile: '/data/logs/main.log' })
    expect(electron.calls).toEqual([
      'box:Mediadeck tidak dapat dimulai|ENOTDIR: not a directory\n\nRinciannya ada di log: /data/logs/main.log',
      'unlock',
      'exit:1',
    ])
    expect(errors[0]![0]).toBe('start-up failed')
  })

  it('still release the lock and exit when the dialog cannot be shown', () => {
    const { log } = recordingLog()
    electron.state.boxFails = true
    failStartup(new Error('x'), { log, logFile: 'main.log' })
    expect(electron.calls).toEqual(['unlock', 'exit:1'])
  })

  it('end the app when the start-up chain rejects, and leave a good start alone', async () => {
    const { log } = recordingLog()
    exitIfStartupFails(Promise.resolve(), { log, logFile: 'main.log' })
    exitIfStartupFails(Promise.reject(new Error('the host could not be made')), { log, logFile: 'main.log' })
    await vi.waitFor(() => expect(electron.calls).toContain('exit:1'))
    expect(electron.calls.filter((c) => c === 'exit:1')).toHaveLength(1)
  })
})

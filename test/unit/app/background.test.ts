// Closing the window, quitting, starting at login: the decisions behind them.
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createQuitGuard, decideClose, startsHidden } from '../../../main/app/background'
import { createCrashRecovery } from '../../../main/app/crash-recovery'
import { applyOpenAtLogin, autostartFile, type LoginItemSettings } from '../../../main/app/login-item'

describe('closing the window', () => {
  const base = { runInBackground: true, quitting: false, hasTray: true, alreadyExplained: false }
  it('hides to the tray and explains the first time', () => {
    expect(decideClose(base)).toEqual({ hide: true, explain: true })
    expect(decideClose({ ...base, alreadyExplained: true })).toEqual({ hide: true, explain: false })
  })
  it('closes for real when quitting, when the setting is off, or when there is no tray', () => {
    for (const over of [{ quitting: true }, { runInBackground: false }, { hasTray: false }])
      expect(decideClose({ ...base, ...over })).toEqual({ hide: false, explain: false })
  })
})

describe('quitting while uploads run', () => {
  it('asks once; a refusal asks again next time; nothing running asks nothing', async () => {
    let running = true
    const answers = [false, true]
    let asked = 0
    const guard = createQuitGuard({
      uploadsRunning: () => running,
      confirm: async () => {
        asked++
        return answers.shift()!
      },
    })
    expect(await guard.allowQuit()).toBe(false)
    expect(await guard.allowQuit()).toBe(true)
    expect(await guard.allowQuit()).toBe(true)
    expect(asked).toBe(2)
    running = false
    const quiet = createQuitGuard({ uploadsRunning: () => running, confirm: async () => false })
    expect(await quiet.allowQuit()).toBe(true)
  })
})

describe('open at login', () => {
  it('writes and removes an XDG autostart entry on Linux, started with --hidden', () => {
    const home = mkdtempSync(join(tmpdir(), 'autostart-'))
    try {
      const p = {
        platform: 'linux' as const,
        execPath: '/opt/Mediadeck $1/mediadeck',
        homeDir: home,
        setLoginItemSettings: () => {
          throw new Error('not on Linux')
        },
      }
      const file = autostartFile(p)
      expect(file).toBe(join(home, '.config', 'autostart', 'mediadeck.desktop'))
      applyOpenAtLogin(true, p)
      const entry = readFileSync(file, 'utf8')
      expect(entry).toContain('[Desktop Entry]')
      // Quoted and escaped, so the path cannot smuggle a second command.
      expect(entry).toContain('Exec="/opt/Mediadeck \\$1/mediadeck" --hidden')
      applyOpenAtLogin(false, p)
      expect(existsSync(file)).toBe(false)
      expect(autostartFile({ homeDir: home, xdgConfigHome: '/x/config' })).toBe(
        '/x/config/autostart/mediadeck.desktop',
      )
      // A relative XDG_CONFIG_HOME is invalid per the spec: ignored.
      expect(autostartFile({ homeDir: home, xdgConfigHome: 'rel' })).toBe(file)
    } finally {
      rmSync(home, { recursive: true, force: true })
    }
  })

  it("uses Electron's login item on macOS and Windows", () => {
    for (const platform of ['darwin', 'win32'] as const) {
      const set: LoginItemSettings[] = []
      applyOpenAtLogin(true, {
        platform,
        execPath: 'C:\\Mediadeck\\Mediadeck.exe',
        homeDir: '/nowhere',
        setLoginItemSettings: (s) => set.push(s),
      })
      expect(set).toEqual([{ openAtLogin: true, args: ['--hidden'], path: 'C:\\Mediadeck\\Mediadeck.exe' }])
    }
  })

  it('starts in the tray when started at login', () => {
    expect(startsHidden(['/opt/mediadeck', '--hidden'], false)).toBe(true)
    expect(startsHidden(['/opt/mediadeck'], true)).toBe(true)
    expect(startsHidden(['/opt/mediadeck'], false)).toBe(false)
  })
})

describe('renderer crash recovery', () => {
  it('reloads once, offers a restart on a second crash within a minute, reloads again after', () => {
    let now = 0
    const recovery = createCrashRecovery({ now: () => now })
    expect(recovery.onGone('crashed')).toBe('reload')
    now = 59_000
    expect(recovery.onGone('oom')).toBe('offer-restart')
    now = 200_000
    expect(recovery.onGone('crashed')).toBe('reload')
    expect(recovery.onGone('clean-exit')).toBe('ignore')
  })
})

// "Open at login": Electron's login item on macOS and Windows; on Linux, where Electron has none, an XDG
// autostart entry (https://specifications.freedesktop.org/autostart-spec/latest/) in ~/.config/autostart.
// Either way the app is started with --hidden, so it begins in the tray.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { HIDDEN_ARG } from './background'

export interface LoginItemSettings {
  openAtLogin: boolean
  args?: string[]
  path?: string
}

export interface LoginItemPlatform {
  platform: NodeJS.Platform
  /** The command that starts the app: process.execPath, or $APPIMAGE for an AppImage (its execPath moves). */
  execPath: string
  homeDir: string
  /** $XDG_CONFIG_HOME when set. */
  xdgConfigHome?: string
  setLoginItemSettings(settings: LoginItemSettings): void
  fs?: {
    mkdir(path: string): void
    write(path: string, content: string): void
    remove(path: string): void
  }
}

const realFs = {
  mkdir: (path: string) => mkdirSync(path, { recursive: true }),
  write: (path: string, content: string) => writeFileSync(path, content, { mode: 0o644 }),
  remove: (path: string) => rmSync(path, { force: true }),
}

export function autostartFile(p: Pick<LoginItemPlatform, 'homeDir' | 'xdgConfigHome'>): string {
  const base =
    p.xdgConfigHome && p.xdgConfigHome.startsWith('/') ? p.xdgConfigHome : join(p.homeDir, '.config')
  return join(base, 'autostart', 'mediadeck.desktop')
}

/** Desktop Entry Exec quoting: the path in double quotes, with ", `, $ and \ escaped. */
function quoteExec(path: string): string {
  return `"${path.replace(/[\\"`$]/g, (c) => `\\${c}`)}"`
}

export function autostartEntry(execPath: string): string {
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Name=Mediadeck',
    `Exec=${quoteExec(execPath)} ${HIDDEN_ARG}`,
    'X-GNOME-Autostart-enabled=true',
    'NoDisplay=true',
    '',
  ].join('\n')
}

export function applyOpenAtLogin(openAtLogin: boolean, p: LoginItemPlatform): void {
  if (p.platform === 'linux') {
    const fs = p.fs ?? realFs
    const file = autostartFile(p)
    if (openAtLogin) {
      fs.mkdir(dirname(file))
      fs.write(file, autostartEntry(p.execPath))
    } else {
      fs.remove(file)
    }
    return
  }
  // macOS reports a login launch through wasOpenedAtLogin; Windows passes the args to the started app.
  p.setLoginItemSettings({ openAtLogin, args: [HIDDEN_ARG], path: p.execPath })
}

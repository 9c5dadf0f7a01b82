// The application menu: the usual roles (so copy/paste, undo, zoom and full screen work with their platform
// shortcuts) plus "Add files…" and "Add folder…", which open the native dialog and queue what is picked.
import type { MenuItemConstructorOptions } from 'electron'

export interface MenuActions {
  addFiles(directories: boolean): void
  openLogs(): void
  openWebsite(): void
}

export function buildMenuTemplate(
  platform: NodeJS.Platform,
  appName: string,
  actions: MenuActions,
): MenuItemConstructorOptions[] {
  const mac = platform === 'darwin'
  const fileMenu: MenuItemConstructorOptions = {
    label: 'File',
    submenu: [
      { label: 'Add Files…', accelerator: 'CmdOrCtrl+O', click: () => actions.addFiles(false) },
      { label: 'Add Folder…', accelerator: 'CmdOrCtrl+Shift+O', click: () => actions.addFiles(true) },
      { type: 'separator' },
      mac ? { role: 'close' } : { role: 'quit' },
    ],
  }
  const template: MenuItemConstructorOptions[] = [
    fileMenu,
    { role: 'editMenu' },
    { role: 'viewMenu' },
    { role: 'windowMenu' },
    {
      role: 'help',
      submenu: [
        { label: 'Repliz Website', click: () => actions.openWebsite() },
        { label: 'Show Log File', click: () => actions.openLogs() },
      ],
    },
  ]
  if (mac) template.unshift({ label: appName, role: 'appMenu' })
  return template
}

// The application menu: the usual roles (so copy/paste, undo, zoom and full screen work with their platform
// shortcuts) plus "Add files…" and "Add folder…", which open the native dialog and queue what is picked.
// On macOS and Windows, Help also offers "Install Command Line Tool" (./cli-install.ts).
import type { MenuItemConstructorOptions } from 'electron'
import { t, type Translate } from '../../common/messages/index'
import { offersCliInstall } from './cli-install'

export interface MenuActions {
  addFiles(directories: boolean): void
  openLogs(): void
  openWebsite(): void
  /** Puts the `mediadeck` command on the PATH; the item shows only where offersCliInstall says so. */
  installCommandLineTool?(): void
}

export function buildMenuTemplate(
  platform: NodeJS.Platform,
  appName: string,
  actions: MenuActions,
  tr: Translate = (key, params) => t('en', key, params),
): MenuItemConstructorOptions[] {
  const mac = platform === 'darwin'
  const fileMenu: MenuItemConstructorOptions = {
    label: tr('menu.file'),
    submenu: [
      { label: tr('menu.addFiles'), accelerator: 'CmdOrCtrl+O', click: () => actions.addFiles(false) },
      { label: tr('menu.addFolder'), accelerator: 'CmdOrCtrl+Shift+O', click: () => actions.addFiles(true) },
      { type: 'separator' },
      mac ? { role: 'close' } : { role: 'quit' },
    ],
  }
  const install = actions.installCommandLineTool
  const cliItems: MenuItemConstructorOptions[] =
    install && offersCliInstall(platform)
      ? [{ type: 'separator' }, { label: tr('menu.installCli'), click: () => install() }]
      : []
  const template: MenuItemConstructorOptions[] = [
    fileMenu,
    // The roles keep their platform items and shortcuts; only the menus' own titles are ours to translate.
    { role: 'editMenu', label: tr('menu.edit') },
    { role: 'viewMenu', label: tr('menu.view') },
    { role: 'windowMenu', label: tr('menu.window') },
    {
      role: 'help',
      label: tr('menu.help'),
      submenu: [
        { label: tr('menu.website'), click: () => actions.openWebsite() },
        { label: tr('menu.showLog'), click: () => actions.openLogs() },
        ...cliItems,
      ],
    },
  ]
  if (mac) template.unshift({ label: appName, role: 'appMenu' })
  return template
}

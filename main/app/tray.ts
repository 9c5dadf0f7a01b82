// The tray (menu bar on macOS): the model from tray-model.ts made into an Electron Tray and its menu.
import { Menu, nativeImage, Tray, type MenuItemConstructorOptions } from 'electron'
import type { Translate } from '../../common/messages/index'
import { trayMenu, trayTitle, trayTooltip, type TrayAction, type TrayStatus } from './tray-model'

export interface AppTray {
  update(status: TrayStatus, tr: Translate): void
  destroy(): void
}

export function createAppTray(options: {
  iconPath: string
  status: TrayStatus
  tr: Translate
  onAction(action: TrayAction): void
  platform?: NodeJS.Platform
}): AppTray {
  const base = nativeImage.createFromPath(options.iconPath)
  const image = base.isEmpty() ? base : base.resize({ width: 16, height: 16 })
  // A template image follows the macOS menu bar's light/dark look.
  if ((options.platform ?? process.platform) === 'darwin') image.setTemplateImage(true)
  const tray = new Tray(image)
  tray.on('click', () => options.onAction('open'))

  function update(status: TrayStatus, tr: Translate): void {
    tray.setToolTip(trayTooltip(status, tr))
    // Windows and Linux show no title; macOS shows it next to the icon: the counts are what is worth a glance,
    // what goes out (uploads, posts) and what waits for an answer in the inbox.
    if ((options.platform ?? process.platform) === 'darwin') tray.setTitle(trayTitle(status))
    const template = trayMenu(status, tr).map((entry): MenuItemConstructorOptions => {
      if (entry.kind === 'separator') return { type: 'separator' }
      if (entry.kind === 'status') return { label: entry.label, enabled: false }
      return { label: entry.label, enabled: entry.enabled, click: () => options.onAction(entry.action) }
    })
    tray.setContextMenu(Menu.buildFromTemplate(template))
  }
  update(options.status, options.tr)
  return { update, destroy: () => tray.destroy() }
}

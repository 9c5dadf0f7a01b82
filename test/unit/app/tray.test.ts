// The tray made from its model (mocked electron: the binary cannot run here): the tooltip and the menu say what
// waits in the inbox, and macOS shows the count beside the icon; Windows and Linux have no title.
import { describe, expect, it, vi } from 'vitest'
import { t } from '../../../common/messages/index'
import type { TrayStatus } from '../../../main/app/tray-model'

const electron = vi.hoisted(() => {
  const trays: Array<{ tooltip: string; title: string; menu: unknown[] }> = []
  class Tray {
    entry = { tooltip: '', title: '', menu: [] as unknown[] }
    constructor() {
      trays.push(this.entry)
    }
    on() {
      return this
    }
    setToolTip(text: string) {
      this.entry.tooltip = text
    }
    setTitle(text: string) {
      this.entry.title = text
    }
    setContextMenu(menu: { items: unknown[] }) {
      this.entry.menu = menu.items
    }
    destroy() {}
  }
  const image = { isEmpty: () => true, resize: () => image, setTemplateImage: () => undefined }
  return {
    trays,
    module: {
      Tray,
      Menu: { buildFromTemplate: (items: unknown[]) => ({ items }) },
      nativeImage: { createFromPath: () => image },
    },
  }
})
vi.mock('electron', () => electron.module)

const { createAppTray } = await import('../../../main/app/tray')

const status: TrayStatus = {
  connection: 'online',
  uploading: 0,
  paused: false,
  postsWaiting: 0,
  inboxUnread: 0,
  inboxUnreplied: 0,
}
const en = (key: Parameters<typeof t>[1], params?: Parameters<typeof t>[2]) => t('en', key, params)

describe('the tray', () => {
  it('shows the inbox counts as they change, beside the icon on macOS', () => {
    const tray = createAppTray({
      iconPath: 'x.png',
      status,
      tr: en,
      onAction: () => undefined,
      platform: 'darwin',
    })
    const made = electron.trays.at(-1)!
    expect(made.title).toBe('')
    tray.update({ ...status, inboxUnread: 1, inboxUnreplied: 3 }, en)
    expect(made.title).toBe('✉ 3')
    expect(made.tooltip).toBe('Mediadeck\nOnline\n3 to answer in the inbox (1 unread)')
    expect(made.menu).toContainEqual({ label: '3 to answer in the inbox (1 unread)', enabled: false })
    tray.update(status, en)
    expect(made.title).toBe('')
  })

  it('sets no title where the platform shows none', () => {
    const tray = createAppTray({
      iconPath: 'x.png',
      status,
      tr: en,
      onAction: () => undefined,
      platform: 'linux',
    })
    tray.update({ ...status, inboxUnreplied: 3 }, en)
    const made = electron.trays.at(-1)!
    expect(made.title).toBe('')
    expect(made.tooltip).toContain('3 to answer in the inbox')
  })
})

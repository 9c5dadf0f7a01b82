import { DEFAULT_SETTINGS } from '../../../common/app-state'
import { enableAutoUnmount, flushPromises } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import App from '../../../renderer/App.vue'
import { stubElementSize, stubMatchMedia } from '../support/browser-stubs'
import { uploadTotalsOf } from '../support/fake-mediadeck'
import { makeUploadItem } from '../support/fixtures'
import { mountWith, setupTest, type TestContext } from '../support/mount'

function dragEvent(type: string, files: File[] = []): DragEvent {
  const event = new Event(type, { bubbles: true, cancelable: true }) as DragEvent
  Object.defineProperty(event, 'dataTransfer', {
    value: { types: ['Files'], files, items: files, dropEffect: 'none' },
  })
  return event
}

enableAutoUnmount(afterEach)

describe('App shell', () => {
  let context: TestContext

  beforeEach(() => {
    stubElementSize()
    stubMatchMedia()
    context = setupTest()
  })

  afterEach(() => {
    document.body.replaceChildren()
    delete document.documentElement.dataset.theme
  })

  it('shows the sidebar, the active profile with its sandbox badge, the connection and the storage meter', async () => {
    const wrapper = await mountWith(App, context)
    const nav = wrapper.get('nav[aria-label="Main"]')
    expect(nav.findAll('a').map((a) => a.text())).toEqual([
      'Library',
      'Automations',
      'Activity',
      'Planner',
      'Inbox',
      'Insights',
      'Settings',
    ])
    expect(wrapper.get('[data-testid="active-profile-name"]').text()).toBe('Sandbox')
    expect(wrapper.find('[data-testid="sandbox-badge"]').exists()).toBe(true)
    expect(wrapper.get('[data-testid="connection-status"]').attributes('data-status')).toBe('online')
    expect(wrapper.get('[data-testid="storage-meter"]').text()).toContain('1.2 GB of 5 GB')
  })

  it('shows the upload progress in the window title while files go up, and the page name once idle', async () => {
    const uploading = makeUploadItem(1, { state: 'uploading', bytesSent: 4 * 1024 * 1024 })
    const queued = makeUploadItem(2, { state: 'queued' })
    context.fake.data.uploads = [uploading, queued]
    await mountWith(App, context, { route: '/library' })
    await flushPromises()
    expect(document.title).toBe('20% · 2 uploading · Mediadeck')
    const done = [uploading, queued].map((item) => ({
      ...item,
      state: 'done' as const,
      bytesSent: item.size,
    }))
    context.fake.emit('uploads:progress', { items: done, removed: [], totals: uploadTotalsOf(done) })
    await flushPromises()
    expect(document.title).toBe('Library · Mediadeck')
  })

  it('counts an upload in flight once in the meter, though the service and the queue both know it', async () => {
    // The service reports one pending file: the one the queue is sending.
    context.fake.data.uploads = [makeUploadItem(1, { state: 'uploading', bytesSent: 4 * 1024 * 1024 })]
    const wrapper = await mountWith(App, context)
    await flushPromises()
    expect(wrapper.get('[data-testid="storage-pending"]').text().replace(/\s+/g, ' ')).toBe(
      '1 pending · 6 MB',
    )
  })

  it('goes where main sends it: a link or a clicked notification', async () => {
    const wrapper = await mountWith(App, context)
    await flushPromises()
    context.fake.emit('app:navigate', { view: 'automations', id: 'auto-040' })
    // The views are loaded lazily: the route changes once the view's chunk has loaded.
    // A loaded machine can take seconds over the first import of a view.
    const slow = { timeout: 15_000 }
    await vi.waitFor(
      () => expect(context.router.currentRoute.value.fullPath).toBe('/automations?open=auto-040'),
      slow,
    )
    context.fake.emit('app:navigate', { view: 'settings' })
    await vi.waitFor(() => expect(wrapper.get('a[aria-current="page"]').text()).toBe('Settings'), slow)
  }, 30_000)

  it('marks the current page in the navigation', async () => {
    const wrapper = await mountWith(App, context, { route: '/settings' })
    expect(wrapper.get('a[aria-current="page"]').text()).toBe('Settings')
  })

  it('has no sandbox badge on a service profile', async () => {
    context.fake.data.profiles.activeId = 'prof-work'
    const wrapper = await mountWith(App, context)
    expect(wrapper.get('[data-testid="active-profile-name"]').text()).toBe('Work account')
    expect(wrapper.find('[data-testid="sandbox-badge"]').exists()).toBe(false)
  })

  it('follows connection changes and checks on click', async () => {
    const wrapper = await mountWith(App, context)
    context.fake.emit('connection:changed', { ...context.fake.data.connection, status: 'offline' })
    await flushPromises()
    expect(wrapper.get('[data-testid="connection-status"]').text()).toContain('Offline')
    await wrapper.get('[data-testid="connection-status"]').trigger('click')
    await flushPromises()
    expect(context.fake.requests('connection:check')).toHaveLength(1)
  })

  it('applies the language and theme settings to the document', async () => {
    await mountWith(App, context)
    context.fake.emit('settings:changed', {
      ...DEFAULT_SETTINGS,
      uploadConcurrency: 3,
      language: 'id',
      theme: 'dark',
    })
    await flushPromises()
    expect(document.documentElement.lang).toBe('id')
    expect(document.documentElement.dataset.theme).toBe('dark')
    expect(document.body.textContent).toContain('Pustaka')
    context.fake.emit('settings:changed', {
      ...DEFAULT_SETTINGS,
      uploadConcurrency: 3,
      language: 'en',
      theme: 'system',
    })
    await flushPromises()
    expect(document.documentElement.dataset.theme).toBeUndefined()
    expect(document.body.textContent).toContain('Library')
  })

  it('shows the drop overlay while files are dragged over the window and uploads what is dropped', async () => {
    const wrapper = await mountWith(App, context, { route: '/automations' })
    window.dispatchEvent(dragEvent('dragenter'))
    await flushPromises()
    expect(wrapper.find('[data-testid="drop-overlay"]').exists()).toBe(true)
    const drop = dragEvent('drop', [new File(['a'], 'a.png'), new File(['b'], 'b.mp4')])
    window.dispatchEvent(drop)
    await flushPromises()
    expect(drop.defaultPrevented).toBe(true)
    expect(wrapper.find('[data-testid="drop-overlay"]').exists()).toBe(false)
    expect(context.fake.requests('uploads:start-dropped')).toEqual([
      { paths: ['/dropped/a.png', '/dropped/b.mp4'] },
    ])
    await vi.waitFor(() => expect(context.router.currentRoute.value.path).toBe('/library'))
  })

  it('hides the overlay when the drag leaves the window', async () => {
    const wrapper = await mountWith(App, context)
    window.dispatchEvent(dragEvent('dragenter'))
    window.dispatchEvent(dragEvent('dragenter'))
    window.dispatchEvent(dragEvent('dragleave'))
    await flushPromises()
    expect(wrapper.find('[data-testid="drop-overlay"]').exists()).toBe(true)
    window.dispatchEvent(dragEvent('dragleave'))
    await flushPromises()
    expect(wrapper.find('[data-testid="drop-overlay"]').exists()).toBe(false)
  })

  it('tells when a batch finishes with failures', async () => {
    await mountWith(App, context)
    context.fake.emit('uploads:batch-finished', { batchId: 'b', done: 2, reused: 0, failed: 1, cancelled: 0 })
    await flushPromises()
    expect(document.body.textContent).toContain('One upload failed')
    const toast = document.querySelector('.ui-toast')!
    expect(toast.textContent).toContain('2 done, 1 failed')
    expect(toast.textContent).not.toContain('cancelled')
  })

  it('tells files already in the library apart from files uploaded', async () => {
    await mountWith(App, context)
    context.fake.emit('uploads:batch-finished', { batchId: 'b', done: 3, reused: 1, failed: 0, cancelled: 0 })
    await flushPromises()
    const toast = document.querySelector('.ui-toast')!
    expect(toast.textContent).toContain('2 files uploaded')
    expect(toast.textContent).toContain('1 already in your library')
  })

  it('reloads the per-profile state when the active profile changes', async () => {
    await mountWith(App, context)
    const before = context.fake.requests('uploads:list').length
    await context.fake.api.profiles.activate({ id: 'prof-work' })
    await flushPromises()
    expect(context.fake.requests('uploads:list')).toHaveLength(before + 1)
    expect(document.querySelector('[data-testid="active-profile-name"]')!.textContent).toBe('Work account')
  })

  it('fetches again what was stale or failed once the connection is back', async () => {
    await mountWith(App, context, { route: '/automations' })
    await vi.waitFor(() =>
      expect(document.querySelectorAll('[data-testid="automation-row"]')).toHaveLength(20),
    )
    context.fake.emit('connection:changed', { ...context.fake.data.connection, status: 'offline' })
    context.fake.fail('automations:list', { kind: 'offline', message: 'offline' })
    ;(document.querySelector('[data-testid="automations-refresh"]') as HTMLButtonElement).click()
    await flushPromises()
    expect(document.querySelector('[data-testid="stale-notice"]')).not.toBeNull()
    const before = context.fake.requests('automations:list').length
    context.fake.emit('connection:changed', { ...context.fake.data.connection, status: 'online' })
    await flushPromises()
    expect(context.fake.requests('automations:list')).toHaveLength(before + 1)
    expect(document.querySelector('[data-testid="stale-notice"]')).toBeNull()
  })

  it('offers a skip link that moves focus to the content', async () => {
    const wrapper = await mountWith(App, context)
    await wrapper.get('.shell__skip').trigger('click')
    expect(document.activeElement).toBe(wrapper.get('main').element)
  })

  it('stops listening to main when unmounted', async () => {
    const wrapper = await mountWith(App, context)
    expect(context.fake.listenerCount('uploads:progress')).toBe(1)
    wrapper.unmount()
    expect(context.fake.listenerCount('uploads:progress')).toBe(0)
    expect(context.fake.listenerCount('settings:changed')).toBe(0)
  })
})

// Mounting helpers: a fresh Pinia, i18n and in-memory router per test, with the fake window.mediadeck installed.
import { flushPromises, mount, type ComponentMountingOptions } from '@vue/test-utils'
import { createPinia, setActivePinia, type Pinia } from 'pinia'
import type { Component } from 'vue'
import { createMemoryHistory, type Router } from 'vue-router'
import { createAppI18n, type AppLocale } from '../../../renderer/i18n'
import { createAppRouter } from '../../../renderer/router'
import {
  installFakeMediadeck,
  createFakeMediadeck,
  type FakeData,
  type FakeMediadeck,
} from './fake-mediadeck'

export interface TestContext {
  fake: FakeMediadeck
  pinia: Pinia
  router: Router
  i18n: ReturnType<typeof createAppI18n>
}

export function setupTest(options: { data?: Partial<FakeData>; locale?: AppLocale } = {}): TestContext {
  const fake = installFakeMediadeck(createFakeMediadeck(options.data))
  const pinia = createPinia()
  setActivePinia(pinia)
  const router = createAppRouter(createMemoryHistory())
  const i18n = createAppI18n(options.locale ?? 'en')
  return { fake, pinia, router, i18n }
}

export async function mountWith<C extends Component>(
  component: C,
  context: TestContext,
  options: ComponentMountingOptions<C> & { route?: string } = {},
) {
  const { route = '/library', ...rest } = options
  await context.router.push(route)
  await context.router.isReady()
  const wrapper = mount(component, {
    attachTo: document.body,
    ...rest,
    global: { plugins: [context.pinia, context.router, context.i18n], ...rest.global },
  } as ComponentMountingOptions<C>)
  await flushPromises()
  return wrapper
}

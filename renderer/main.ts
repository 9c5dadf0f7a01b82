import { createPinia } from 'pinia'
import { createApp } from 'vue'
import App from './App.vue'
import { createAppI18n } from './i18n'
import { forgetPrimed } from './stores/replica'
import { createAppRouter, prefetchViews } from './router'
import { primeFirstScreen } from './stores/first-screen'
import './styles/tokens.css'
import './styles/base.css'

const app = createApp(App)
app.use(createPinia())
const router = createAppRouter()
app.use(router)
app.use(createAppI18n())
// The first screen's copies from the replica are asked for now, while the app mounts and its view loads.
primeFirstScreen(location.hash)
app.mount('#app')
// Once the first view is shown it has taken its copies; any left are not kept for a later look.
void router.isReady().then(() => requestAnimationFrame(() => forgetPrimed()))
// Then, once the page is idle, the code of the views opened next (router.ts).
void router
  .isReady()
  .then(() =>
    prefetchViews((then) =>
      typeof requestIdleCallback === 'function'
        ? requestIdleCallback(then, { timeout: 2_000 })
        : setTimeout(then, 500),
    ),
  )
// For the first-paint benchmark: the app is mounted; the frame after it is what the user first sees.
performance.mark('app:mounted')
requestAnimationFrame(() => setTimeout(() => performance.mark('app:painted')))

import { createPinia } from 'pinia'
import { createApp } from 'vue'
import App from './App.vue'
import { createAppI18n } from './i18n'
import { createAppRouter } from './router'
import './styles/tokens.css'
import './styles/base.css'

const app = createApp(App)
app.use(createPinia())
app.use(createAppRouter())
app.use(createAppI18n())
app.mount('#app')
// For the first-paint benchmark: the app is mounted; the frame after it is what the user first sees.
performance.mark('app:mounted')
requestAnimationFrame(() => setTimeout(() => performance.mark('app:painted')))

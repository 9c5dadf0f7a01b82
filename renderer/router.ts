import { createRouter, createWebHashHistory, type RouteRecordRaw } from 'vue-router'
import LibraryView from './views/LibraryView.vue'
import { useInboxStore } from './stores/inbox'

/**
 * The inbox view's code, asked for once: on entering the route, or earlier when the app is idle after its first
 * screen (prefetchViews). On a cold start its chunk's fetch and evaluation came after the press on Inbox, most of
 * the wait for the first rows on a busy machine (bench/inbox.ts); the person's most used view after the first.
 */
const importInboxView = () => import('./views/InboxView.vue')
let inboxView: ReturnType<typeof importInboxView> | undefined
function loadInboxView(): ReturnType<typeof importInboxView> {
  inboxView ??= importInboxView().catch((error: unknown) => {
    // A fetch that failed (the page went offline from its server) is made again at the next entry.
    inboxView = undefined
    throw error
  })
  return inboxView
}

/** Fetches the views a person opens next while the app has nothing else to do. */
export function prefetchViews(idle: (then: () => void) => void): void {
  // A failure here is left to the route's own entry, which fetches again and shows it.
  idle(() => void loadInboxView().catch(() => undefined))
}

// Hash history: Electron serves the app from app://mediadeck/ (main/app/app-protocol.ts) and the browser mode
// from http://127.0.0.1:PORT/<token>/, both mapping an address to a file with no fallback to index.html, so a
// path-based URL such as /planner would not resolve on a reload.
export const routes: RouteRecordRaw[] = [
  { path: '/', redirect: '/library' },
  { path: '/library', name: 'library', component: LibraryView, meta: { titleKey: 'common.nav.library' } },
  {
    path: '/automations',
    name: 'automations',
    component: () => import('./views/AutomationsView.vue'),
    meta: { titleKey: 'common.nav.automations' },
  },
  {
    path: '/activity',
    name: 'activity',
    component: () => import('./views/ActivityView.vue'),
    meta: { titleKey: 'common.nav.activity' },
  },
  {
    path: '/inbox',
    name: 'inbox',
    component: loadInboxView,
    meta: { titleKey: 'common.nav.inbox' },
    // The list from main's copy is asked for while the view's code is on its way, not after it: on a cold
    // start both took a round trip, one after the other, before the first row (bench/inbox.ts).
    beforeEnter: () => useInboxStore().readEarly(),
  },
  {
    path: '/planner',
    name: 'planner',
    component: () => import('./views/PlannerView.vue'),
    meta: { titleKey: 'common.nav.planner' },
  },
  {
    path: '/insights',
    name: 'insights',
    component: () => import('./views/InsightsView.vue'),
    meta: { titleKey: 'common.nav.insights' },
  },
  {
    path: '/settings',
    name: 'settings',
    component: () => import('./views/SettingsView.vue'),
    meta: { titleKey: 'common.nav.settings' },
  },
  { path: '/:pathMatch(.*)*', redirect: '/library' },
]

export function createAppRouter(history = createWebHashHistory()) {
  return createRouter({ history, routes })
}

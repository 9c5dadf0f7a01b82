// Where main sends the window (a notification's click, a mediadeck:// link) as a router location. The route
// was validated by main (common/deep-links.ts); the automations view opens an item by `?open=`.
import type { RouteLocationRaw } from 'vue-router'
import type { AppRoute } from '../../common/routes'

export function appRouteLocation(route: AppRoute): RouteLocationRaw {
  switch (route.view) {
    case 'planner':
      return { path: '/planner', query: route.postId ? { post: route.postId } : {} }
    case 'automations':
      return { path: '/automations', query: route.id ? { open: route.id } : {} }
    case 'library':
      return { path: '/library' }
    case 'settings':
      return { path: '/settings' }
    case 'inbox':
      return { path: '/inbox' }
  }
}

/** A planner date (YYYY-MM-DD) as a local day: noon, so no time zone moves it to the day before or after. */
export function plannerDay(date: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  return new Date(y, m - 1, d, 12)
}

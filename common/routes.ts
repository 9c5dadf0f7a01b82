// Where the app can be sent from outside the window: a notification's click, a mediadeck:// link. Main sends
// one as the `app:navigate` event; the renderer turns it into a router location.

export type AppRoute =
  | { view: 'planner'; date?: string; postId?: string }
  | { view: 'automations'; id?: string }
  | { view: 'library'; uploadId?: string }
  | { view: 'settings' }
  | { view: 'inbox' }

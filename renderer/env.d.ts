/// <reference types="vite/client" />
// window.mediadeck is declared in mediadeck.d.ts; this file adds what the renderer's own libraries need.

declare module 'vue-router' {
  interface RouteMeta {
    /** i18n key of the page title. */
    titleKey?: string
    /** False where a view handles dropped files itself (the app-wide drop-to-upload then stays out of the way). */
    fileDrop?: boolean
  }
}

export {}

// The system's proxy for the service and its storage, as Chromium resolves it per address (PAC scripts, WPAD,
// the OS settings, --proxy-server): Electron's session.resolveProxy answers in PAC form, which the core's
// resolving dispatcher turns into a proxy agent per origin. The only Electron part of proxy support.
import { session } from 'electron'
import { resolvingProxyDispatcher } from '../core/http/network'
import type { DispatcherFactory } from '../core/http/network'

export function systemProxyNetwork(): DispatcherFactory {
  // Read at request time, not import time: the default session exists only once the app is ready.
  return resolvingProxyDispatcher((url) => session.defaultSession.resolveProxy(url))
}

// Electron's powerSaveBlocker behind the host's hold (main/host/power-save.ts), for the active profile's
// uploads. 'prevent-app-suspension' keeps the system awake but lets the screen sleep.
import { powerSaveBlocker } from 'electron'
import type { AppHost } from '../host/app-host'
import { holdAwakeWhileUploading } from '../host/power-save'

/** Holds the machine awake while the host's uploads run; the returned function ends that. */
export function keepAwakeDuringUploads(host: AppHost): () => void {
  const hold = holdAwakeWhileUploading({
    events: host.events,
    blocker: powerSaveBlocker,
    initial: host.active().uploads.totals(),
    log: host.log,
  })
  return () => hold.stop()
}

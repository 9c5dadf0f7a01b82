// A medium's shape and length, read by the platform's own <img> and <video> (nothing downloaded beyond what the
// element reads, no native dependency), so the composer's preflight (common/preflight.ts) can check aspect
// ratios and video lengths while the post is written. Reading is best effort: a file that cannot be read here
// simply stays unmeasured, and the preflight then makes no shape or length check for it.
import { inject, shallowReactive, watch, type InjectionKey } from 'vue'
import { keptByMain, pictureAddress } from '../../common/pictures'

export interface MediaMetrics {
  width: number
  height: number
  /** Videos only, and only when the file's header says it. */
  durationSeconds?: number
}

export interface MeasuredMedium {
  /** Where the element reads it: a stored file's public address or a granted local file's page address. */
  address: string
  kind: string
}

/** Reads one medium's metrics; null when it cannot be read. */
export type MediaMetricsReader = (address: string, kind: 'image' | 'video') => Promise<MediaMetrics | null>

/** Lets a test put a stub in place of the platform's elements. */
export const mediaMetricsReaderKey: InjectionKey<MediaMetricsReader> = Symbol('media-metrics-reader')

/** Past this with neither metadata nor an error, the file is taken as one this platform cannot read. */
const READ_TIMEOUT_MS = 20_000

/**
 * What a <video> knows once its metadata is loaded. A container whose picture the platform cannot decode reports
 * no dimensions (null); a recording without a duration in its header reports Infinity until played through.
 */
export function videoMetricsOf(element: HTMLVideoElement): MediaMetrics | null {
  if (!element.videoWidth || !element.videoHeight) return null
  return {
    width: element.videoWidth,
    height: element.videoHeight,
    ...(Number.isFinite(element.duration) ? { durationSeconds: element.duration } : {}),
  }
}

function withTimeout(read: (done: (metrics: MediaMetrics | null) => void) => () => void) {
  return new Promise<MediaMetrics | null>((resolve) => {
    let release = () => {}
    const timer = setTimeout(() => done(null), READ_TIMEOUT_MS)
    function done(metrics: MediaMetrics | null) {
      clearTimeout(timer)
      release()
      resolve(metrics)
    }
    release = read(done)
  })
}

/**
 * The platform's own reading: an <img> for a picture, a <video> reading only its metadata for a video. A
 * stored picture is read from main's copy (common/pictures.ts), so it is measured offline once seen; one main
 * does not keep (larger than its cap, an SVG) is read from the storage. A video is read from where it is.
 */
export const readMediaMetrics: MediaMetricsReader = (address, kind) =>
  withTimeout((done) => {
    if (kind === 'image') {
      const image = new Image()
      const tries = keptByMain(address) ? [...new Set([pictureAddress(address), address])] : [address]
      image.onload = () =>
        done(
          image.naturalWidth && image.naturalHeight
            ? { width: image.naturalWidth, height: image.naturalHeight }
            : null,
        )
      image.onerror = () => {
        tries.shift()
        if (tries[0]) image.src = tries[0]
        else done(null)
      }
      image.src = tries[0]!
      return () => {
        image.onload = image.onerror = null
      }
    }
    const video = document.createElement('video')
    video.preload = 'metadata'
    video.muted = true
    video.onloadedmetadata = () => done(videoMetricsOf(video))
    video.onerror = () => done(null)
    video.src = address
    return () => {
      video.onloadedmetadata = video.onerror = null
      // Lets the platform drop the file it opened.
      video.removeAttribute('src')
      video.load()
    }
  })

/** One read per address and reader for the page's life: a file's shape does not change under the same address. */
const readings = new WeakMap<MediaMetricsReader, Map<string, Promise<MediaMetrics | null>>>()

function cachedRead(reader: MediaMetricsReader, address: string, kind: 'image' | 'video') {
  let cache = readings.get(reader)
  if (!cache) readings.set(reader, (cache = new Map()))
  let reading = cache.get(address)
  if (!reading) {
    reading = reader(address, kind).catch(() => null)
    cache.set(address, reading)
  }
  return reading
}

/** The metrics of `media` as they become known; undefined for one not (yet) read or not readable. */
export function useMediaMetrics(media: () => readonly MeasuredMedium[]) {
  const reader = inject(mediaMetricsReaderKey, readMediaMetrics)
  const known = shallowReactive(new Map<string, MediaMetrics>())
  watch(media, (list) => void settle(list), { immediate: true, deep: true })
  const metricsOf = (address: string): MediaMetrics | undefined => known.get(address)
  /** Resolves once each of `media` is measured or found unreadable (a read already going on is awaited). */
  async function settle(list: readonly MeasuredMedium[]): Promise<void> {
    await Promise.all(
      list.map(async ({ address, kind }) => {
        if (known.has(address) || (kind !== 'image' && kind !== 'video')) return
        const metrics = await cachedRead(reader, address, kind)
        if (metrics) known.set(address, metrics)
      }),
    )
  }
  return Object.assign(metricsOf, { settle })
}

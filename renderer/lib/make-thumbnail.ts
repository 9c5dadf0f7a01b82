// A stored file's small picture, made here with the platform's own decoders and a canvas: no native
// dependency, nothing downloaded but the file itself, once. The storage must allow the read (CORS): without
// it the canvas is tainted, this fails, and the tile shows the original as before.

/** The longest edge of a thumbnail, in pixels: twice a 128 px tile edge, enough for a 200 px tile. */
export const THUMBNAIL_EDGE = 256
const TIMEOUT_MS = 20_000

export type ThumbnailMaker = (url: string, kind: 'image' | 'video') => Promise<Blob>

function waitFor(target: EventTarget, ok: string, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      target.removeEventListener(ok, onOk)
      target.removeEventListener('error', onError)
      signal.removeEventListener('abort', onError)
    }
    const onOk = () => {
      done()
      resolve()
    }
    const onError = () => {
      done()
      reject(new Error(signal.aborted ? 'timed out' : 'could not be decoded'))
    }
    target.addEventListener(ok, onOk, { once: true })
    target.addEventListener('error', onError, { once: true })
    signal.addEventListener('abort', onError, { once: true })
  })
}

/**
 * The picture scaled down to at most `edge` pixels on its longer side, encoded: WebP where the platform encodes
 * it (Chromium does) when `prefer` asks for it, else JPEG. Rejects with the canvas's SecurityError when the
 * source is a cross-origin picture the storage did not allow (a tainted canvas).
 */
export function drawScaled(
  source: CanvasImageSource,
  width: number,
  height: number,
  options: { edge: number; prefer: 'image/webp' | 'image/jpeg' },
): Promise<Blob> {
  if (!width || !height) return Promise.reject(new Error('no picture'))
  const scale = Math.min(1, options.edge / Math.max(width, height))
  const canvas = document.createElement('canvas')
  canvas.width = Math.max(1, Math.round(width * scale))
  canvas.height = Math.max(1, Math.round(height * scale))
  const context = canvas.getContext('2d')
  if (!context) return Promise.reject(new Error('no canvas'))
  context.imageSmoothingQuality = 'high'
  context.drawImage(source, 0, 0, canvas.width, canvas.height)
  return new Promise((resolve, reject) => {
    const jpeg = () =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('not encoded'))), 'image/jpeg', 0.85)
    try {
      if (options.prefer === 'image/jpeg') return jpeg()
      // toBlob falls back to PNG where WebP is not encoded, so ask JPEG then.
      canvas.toBlob(
        (webp) => (webp && webp.type === 'image/webp' ? resolve(webp) : jpeg()),
        'image/webp',
        0.8,
      )
    } catch (error) {
      reject(error as Error)
    }
  })
}

const draw = (source: CanvasImageSource, width: number, height: number) =>
  drawScaled(source, width, height, { edge: THUMBNAIL_EDGE, prefer: 'image/webp' })

export const makeThumbnail: ThumbnailMaker = async (url, kind) => {
  const signal = AbortSignal.timeout(TIMEOUT_MS)
  if (kind === 'image') {
    const image = new Image()
    image.crossOrigin = 'anonymous'
    image.decoding = 'async'
    const loaded = waitFor(image, 'load', signal)
    image.src = url
    await loaded
    return draw(image, image.naturalWidth, image.naturalHeight)
  }
  // A video's poster: the frame at one second (or halfway through a shorter one).
  const video = document.createElement('video')
  video.crossOrigin = 'anonymous'
  video.muted = true
  video.preload = 'auto'
  video.playsInline = true
  try {
    const metadata = waitFor(video, 'loadedmetadata', signal)
    video.src = url
    await metadata
    const seeked = waitFor(video, 'seeked', signal)
    video.currentTime = Math.min(1, (video.duration || 0) / 2)
    await seeked
    return await draw(video, video.videoWidth, video.videoHeight)
  } finally {
    video.removeAttribute('src')
    video.load()
  }
}

/** The blob's bytes as base64, the form thumbnails:put carries them in. */
export async function blobToBase64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer())
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  }
  return btoa(binary)
}

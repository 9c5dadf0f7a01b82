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

function draw(source: CanvasImageSource, width: number, height: number): Promise<Blob> {
  if (!width || !height) return Promise.reject(new Error('no picture'))
  const scale = Math.min(1, THUMBNAIL_EDGE / Math.max(width, height))
  const canvas = document.createElement('canvas')
  canvas.width = Math.max(1, Math.round(width * scale))
  canvas.height = Math.max(1, Math.round(height * scale))
  const context = canvas.getContext('2d')
  if (!context) return Promise.reject(new Error('no canvas'))
  context.imageSmoothingQuality = 'high'
  context.drawImage(source, 0, 0, canvas.width, canvas.height)
  return new Promise((resolve, reject) => {
    // WebP where the platform encodes it (Chromium does); toBlob falls back to PNG otherwise, so ask JPEG then.
    canvas.toBlob(
      (webp) => {
        if (webp && webp.type === 'image/webp') return resolve(webp)
        canvas.toBlob((jpeg) => (jpeg ? resolve(jpeg) : reject(new Error('not encoded'))), 'image/jpeg', 0.82)
      },
      'image/webp',
      0.8,
    )
  })
}

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

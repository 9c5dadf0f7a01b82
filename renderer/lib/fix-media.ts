// The two fixes offered for failed posts that share a cause a network rule names (common/preflight.ts): a
// picture cropped to the nearest shape the network takes, and text cut to the network's length. The crop is
// made here, on a canvas, from the stored picture (the storage allows the read, as for thumbnails:
// lib/make-thumbnail.ts); the page hands the bytes to main, which keeps them as a file (files:save-cover, the
// same checked door as a video's cover frame) and uploads it through the queue (uploads:one). Made here
// because the page already decodes every format the platform shows, and main has no image decoder.
import type { InjectionKey } from 'vue'
import { keptByMain, pictureAddress } from '../../common/pictures'
import { characterCount } from '../../common/preflight'
import { BIDI_CONTROLS, CONTROL_CHARS, LINE_SEPARATORS } from '../../common/text-controls'

/** The part of a picture that is kept, in its own pixels. */
export interface CropRect {
  x: number
  y: number
  width: number
  height: number
}

/**
 * The centred crop that brings a `width` x `height` picture to the nearest ratio in [min, max]: a picture too
 * wide loses its sides down to `max`, one too tall its top and bottom down to `min`. Null when it fits already.
 */
export function nearestAllowedCrop(
  width: number,
  height: number,
  range: { min: number; max: number },
): CropRect | null {
  if (!(width > 0 && height > 0)) return null
  const ratio = width / height
  if (ratio > range.max) {
    const kept = Math.floor(height * range.max)
    return { x: Math.floor((width - kept) / 2), y: 0, width: kept, height }
  }
  if (ratio < range.min) {
    const kept = Math.floor(width / range.min)
    return { x: 0, y: Math.floor((height - kept) / 2), width, height: kept }
  }
  return null
}

/** The crop as percentages of the picture, for drawing it over a preview of any size. */
export function cropBox(rect: CropRect, width: number, height: number) {
  const pct = (n: number, of: number) => `${Math.round((n / of) * 10_000) / 100}%`
  return {
    left: pct(rect.x, width),
    top: pct(rect.y, height),
    width: pct(rect.width, width),
    height: pct(rect.height, height),
  }
}

/** Text cut to at most `max` characters (as people count them), at a word where one is near, with an ellipsis. */
export function shortenText(text: string, max: number): { kept: string; cut: string } {
  const chars = [...text]
  if (characterCount(text) <= max || max < 1) return { kept: text, cut: '' }
  // One character is kept for the ellipsis.
  let end = max - 1
  const space = chars.slice(0, end).lastIndexOf(' ')
  // Back to the last word break when that loses little; a long word is cut in the middle.
  if (space > 0 && end - space <= Math.max(20, end * 0.2)) end = space
  const head = chars.slice(0, end).join('').trimEnd()
  return { kept: `${head}…`, cut: chars.slice(head.length ? [...head].length : 0).join('') }
}

/** Largest edge of a crop sent: a 4,000 px picture encodes well under the 4 MB a page-made file may be. */
export const MAX_CROP_EDGE = 4096

/**
 * Loads the stored picture, draws the crop, and encodes it as a JPEG (the format every network takes). The
 * picture is main's copy (common/pictures.ts: kept, so it decodes offline and on the page's own origin); one
 * main does not keep (larger than its cap, an SVG) is read from the storage, which allows the read.
 */
export async function cropToBlob(url: string, rect: CropRect): Promise<Blob> {
  const image = keptByMain(url)
    ? await decodedImage(pictureAddress(url)).catch(() => decodedImage(url))
    : await decodedImage(url)
  const scale = Math.min(1, MAX_CROP_EDGE / Math.max(rect.width, rect.height))
  const canvas = document.createElement('canvas')
  canvas.width = Math.max(1, Math.round(rect.width * scale))
  canvas.height = Math.max(1, Math.round(rect.height * scale))
  const context = canvas.getContext('2d')
  if (!context) throw new Error('no canvas')
  context.imageSmoothingQuality = 'high'
  context.drawImage(image, rect.x, rect.y, rect.width, rect.height, 0, 0, canvas.width, canvas.height)
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('not encoded'))), 'image/jpeg', 0.9),
  )
}

async function decodedImage(address: string): Promise<HTMLImageElement> {
  const image = new Image()
  image.crossOrigin = 'anonymous'
  image.decoding = 'async'
  image.src = address
  await image.decode()
  return image
}

/** Draws a crop of a stored picture; a test puts a stub in place of the canvas jsdom lacks. */
export const cropperKey: InjectionKey<(url: string, rect: CropRect) => Promise<Blob>> = Symbol('cropper')

/**
 * How long (in UTF-16 units, as the contract counts) a cropped picture's name may grow before its source's part
 * is cut: the service keeps 255, and the mark and extension need the rest.
 */
const MAX_CROPPED_STEM = 180
/** A folder, or a character that breaks or disguises a name (common/text-controls.ts). */
const NOT_IN_A_NAME = new RegExp(`[/\\\\${CONTROL_CHARS}${LINE_SEPARATORS}${BIDI_CONTROLS}]+`, 'g')

/**
 * A cropped picture's name on the service: its source's, marked, as the JPEG the crop is made as
 * ("pelaminan panorama 3x1.png" → "pelaminan panorama 3x1 (cropped).jpg"), so the library shows where it came
 * from instead of the generated copy's name. `mark` is the person's language's "{name} (cropped)". What the
 * service named the source is not trusted: folders, controls and bidirectional overrides become spaces.
 */
export function croppedName(source: string, mark: (stem: string) => string): string {
  const dot = source.lastIndexOf('.')
  const stem = (dot > 0 ? source.slice(0, dot) : source).replace(NOT_IN_A_NAME, ' ').trim()
  // Cut between characters, never inside one: an emoji is two units.
  let kept = ''
  for (const char of stem) {
    if (kept.length + char.length > MAX_CROPPED_STEM) break
    kept += char
  }
  kept = kept.trim()
  return `${mark(kept || 'picture')}.jpg`
}

/**
 * Shortens a file name in its middle, keeping its end: names that share a long beginning
 * ("video-besar-50mb-draft.mp4", "video-besar-50mb-final.mp4") differ at the end, which an ellipsis at the end
 * would hide. The extension and a few characters before it are always kept. Counted in code points, so an emoji
 * or a CJK character is never cut in half.
 */
export function middleEllipsis(name: string, max = 26): string {
  const chars = Array.from(name)
  if (chars.length <= max || max < 5) return name
  const dot = name.lastIndexOf('.')
  const ext = dot > 0 ? Array.from(name.slice(dot)) : []
  // The tail: the extension and, before it, as many characters as leave the head about half the room.
  const room = max - 1
  const tailLength = Math.min(Math.max(ext.length + 5, Math.floor(room * 0.45)), room - 3)
  const headLength = room - tailLength
  return `${chars.slice(0, headLength).join('')}…${chars.slice(chars.length - tailLength).join('')}`
}

import { onBeforeUnmount, onMounted, ref } from 'vue'
import { entriesOf } from '../lib/dropped-entries'

/**
 * Window-wide file dragging. Counts dragenter/dragleave because both fire for every child element crossed;
 * only drags that carry files count (dragging text or a link inside the app is left alone). Any file drop is
 * prevented so Chromium never navigates away to the dropped file.
 */
export function useFileDrop(options: {
  enabled: () => boolean
  /** `entries` are the drop's file-system entries (null where unavailable), read while the event lasted. */
  onDrop: (files: File[], entries: ReturnType<typeof entriesOf>) => void
}) {
  const dragging = ref(false)
  const itemCount = ref(0)
  let depth = 0

  const carriesFiles = (event: DragEvent) => Array.from(event.dataTransfer?.types ?? []).includes('Files')

  function onEnter(event: DragEvent) {
    if (!carriesFiles(event)) return
    depth++
    if (options.enabled()) {
      dragging.value = true
      itemCount.value = event.dataTransfer?.items.length ?? 0
    }
  }

  function onOver(event: DragEvent) {
    if (!carriesFiles(event)) return
    event.preventDefault()
    if (event.dataTransfer) event.dataTransfer.dropEffect = options.enabled() ? 'copy' : 'none'
  }

  function onLeave(event: DragEvent) {
    if (!carriesFiles(event)) return
    depth = Math.max(0, depth - 1)
    if (depth === 0) dragging.value = false
  }

  function onDrop(event: DragEvent) {
    if (!carriesFiles(event)) return
    // A view that handles the drop itself (e.g. a drop zone in the planner) calls preventDefault first.
    const handled = event.defaultPrevented
    event.preventDefault()
    depth = 0
    dragging.value = false
    const files = Array.from(event.dataTransfer?.files ?? [])
    if (!handled && options.enabled() && files.length > 0)
      options.onDrop(files, entriesOf(event.dataTransfer))
  }

  onMounted(() => {
    window.addEventListener('dragenter', onEnter)
    window.addEventListener('dragover', onOver)
    window.addEventListener('dragleave', onLeave)
    window.addEventListener('drop', onDrop)
  })
  onBeforeUnmount(() => {
    window.removeEventListener('dragenter', onEnter)
    window.removeEventListener('dragover', onOver)
    window.removeEventListener('dragleave', onLeave)
    window.removeEventListener('drop', onDrop)
  })

  return { dragging, itemCount }
}

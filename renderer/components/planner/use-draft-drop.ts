import { ref } from 'vue'
import { DRAG_TYPE } from './entry-style'

/**
 * Dropping a dragged post on a calendar cell, shared by the month and week grids: `dropTarget` is the cell
 * under the pointer (for its highlight), `over` accepts only our posts, `take` returns the dropped entry's key.
 */
export function useDraftDrop() {
  const dropTarget = ref<string | null>(null)

  function over(event: DragEvent, key: string) {
    if (!Array.from(event.dataTransfer?.types ?? []).includes(DRAG_TYPE)) return
    event.preventDefault()
    if (event.dataTransfer) event.dataTransfer.dropEffect = 'move'
    dropTarget.value = key
  }

  function take(event: DragEvent): string | null {
    const id = event.dataTransfer?.getData(DRAG_TYPE)
    dropTarget.value = null
    if (!id) return null
    event.preventDefault()
    return id
  }

  return { dropTarget, over, take }
}

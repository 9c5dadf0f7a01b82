// The list view draws its rows a screenful at a time: four weeks of a busy year are some 900 rows, and drawing
// them all (their components, styles and layout) made opening the list grow with the plans (1.9 s at 2,000
// service posts and 10,000 drafts, against 0.36 s at a tenth of that; bench/planner-list.ts). What is not drawn
// yet is still counted, searched and selectable: only its rows wait until the person scrolls near them.

/** Rows drawn when the list opens or its search changes: more than a tall screen holds. */
export const LIST_FIRST_ROWS = 120
/** Rows added each time the end of what is drawn comes near. */
export const LIST_MORE_ROWS = 200

/** The days' groups cut to their first `limit` entries (a day cut in two keeps its heading), and how many wait. */
export function firstRows<G extends { entries: readonly unknown[] }>(
  groups: readonly G[],
  limit: number,
): { groups: G[]; waiting: number } {
  const shown: G[] = []
  let room = limit
  let waiting = 0
  for (const group of groups) {
    if (room <= 0) waiting += group.entries.length
    else if (group.entries.length <= room) {
      shown.push(group)
      room -= group.entries.length
    } else {
      shown.push({ ...group, entries: group.entries.slice(0, room) })
      waiting += group.entries.length - room
      room = 0
    }
  }
  return { groups: shown, waiting }
}

import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import { AppError, type AppErrorData } from '../../common/errors'
import type { PostRow } from '../../common/insights'
import type { Schedule } from '../../common/service'
import { schedulesThenRefresh, settle } from './replica'
import { mediadeck } from '../lib/mediadeck'

/** How far ahead the grid shows upcoming posts: as far as a person plans a feed. */
const HORIZON_MS = 60 * 86_400_000

/** One square of the grid, as the profile will show it. */
export interface GridTile {
  id: string
  upcoming: boolean
  /** When it went out, or goes out (ms). */
  at: number
  title: string
  type: string
  thumbnail?: string
  /** An upcoming post as the page saw it: what the swap checks is still so. */
  seen?: { id: string; scheduleAt: string; updatedAt?: string }
}

const idOf = (s: Schedule) => s._id

function thumbnailOf(s: Schedule): string | undefined {
  const first = s.medias[0]
  if (!first) return undefined
  return first.thumbnail || (first.type === 'image' ? first.url : undefined) || undefined
}

/** Newest first, as Instagram lays a profile out: the furthest upcoming post top left, then the published. */
export function gridTiles(upcoming: readonly Schedule[], published: readonly PostRow[]): GridTile[] {
  const ahead = upcoming
    .filter((s) => s.status === 'pending')
    .map((s): GridTile => ({
      id: idOf(s),
      upcoming: true,
      at: Date.parse(s.scheduleAt),
      title: s.title || s.description,
      type: s.type,
      ...(thumbnailOf(s) ? { thumbnail: thumbnailOf(s)! } : {}),
      seen: {
        id: idOf(s),
        scheduleAt: s.scheduleAt,
        ...(s.updatedAt ? { updatedAt: s.updatedAt } : {}),
      },
    }))
    .sort((a, b) => b.at - a.at)
  const done = published.map((p): GridTile => ({
    id: p.contentId,
    upcoming: false,
    at: p.publishedAt,
    title: p.title,
    type: p.type,
    ...(p.thumbnail ? { thumbnail: p.thumbnail } : {}),
  }))
  return [...ahead, ...done]
}

/**
 * An Instagram account's grid (docs/insights.md): its upcoming posts (the planner's scheduled posts, from the
 * replica at once, then the service) above its latest published ones (the insights' copy). Offline it is read
 * only: a swap must read both posts fresh from the service to refuse one that moved on, so it is not queued.
 */
export const useInsightsGridStore = defineStore('insights-grid', () => {
  const accountId = ref<string | null>(null)
  const published = shallowRef<PostRow[]>([])
  const upcoming = shallowRef<Schedule[]>([])
  /** The upcoming posts are the replica's copy: the service could not be reached. */
  const stale = ref(false)
  const error = ref<AppErrorData | null>(null)
  const swapping = ref(false)
  const swapError = ref<AppErrorData | null>(null)
  let request = 0

  const tiles = computed(() => gridTiles(upcoming.value, published.value))

  async function load(id: string, now = Date.now()): Promise<void> {
    const mine = ++request
    if (id !== accountId.value) {
      accountId.value = id
      published.value = []
      upcoming.value = []
      swapError.value = null
    }
    const current = () => mine === request
    const [rows, outcome] = await Promise.all([
      mediadeck()
        .insights.grid({ accountId: id })
        .catch(() => null),
      schedulesThenRefresh(
        {
          from: new Date(now).toISOString(),
          to: new Date(now + HORIZON_MS).toISOString(),
          accountIds: [id],
          status: 'pending',
        },
        current,
        (copy) => (upcoming.value = copy.value),
      ),
    ])
    if (!current()) return
    if (rows) published.value = rows
    error.value = settle(outcome, (result) => {
      upcoming.value = result.value
      stale.value = result.stale
    })
    if (!outcome.ok) stale.value = true
  }

  /** The insights' copy read more published posts (a refresh ran): the grid takes them. */
  async function loadPublished(): Promise<void> {
    const id = accountId.value
    if (!id) return
    const rows = await mediadeck()
      .insights.grid({ accountId: id })
      .catch(() => null)
    if (rows && id === accountId.value) published.value = rows
  }

  /** Trades two upcoming posts' times on the service; the grid reads them again either way. */
  async function swap(a: GridTile, b: GridTile): Promise<boolean> {
    if (!a.seen || !b.seen || !accountId.value) return false
    swapping.value = true
    swapError.value = null
    try {
      await mediadeck().insights.swap({ a: a.seen, b: b.seen })
      return true
    } catch (caught) {
      swapError.value = AppError.from(caught).toJSON()
      return false
    } finally {
      swapping.value = false
      await load(accountId.value)
    }
  }

  function reset() {
    request++
    accountId.value = null
    published.value = []
    upcoming.value = []
    stale.value = false
    error.value = null
    swapError.value = null
  }

  return { accountId, tiles, stale, error, swapping, swapError, load, loadPublished, swap, reset }
})

import type { Ref, ShallowRef } from 'vue'
import { AppError } from '../../common/errors'
import type { CreateScheduleRequest, Schedule } from '../../common/service'
import { moveToDay, moveToSlot, type ResolvedLocalTime } from '../lib/planner/calendar'
import { scheduleIdOf } from '../../common/service-vocabulary'
import { postOfSchedule } from '../lib/planner/composer-form'
import type { useDraftsStore } from './drafts'

export interface PlannerEntryMovesDeps {
  /** The period's posts of the service shown on the calendar. */
  posts: ShallowRef<Schedule[]>
  timeZone: Ref<string>
  drafts: Pick<ReturnType<typeof useDraftsStore>, 'byId' | 'save'>
  /** Writes a pending post back to the service (the planner store's `updatePost`). */
  updatePost(id: string, post: CreateScheduleRequest, base?: CreateScheduleRequest): Promise<void>
}

/**
 * Moving a calendar entry to another time: where it would land, what refuses it, and the save that follows.
 * Its own module because it is the planner's one rule about time (a local draft and a post of the service move
 * alike, a time passed is refused), apart from how the period is read and shown (stores/planner.ts, which
 * composes it; the drag and the keyboard that ask are components/planner/use-planner-moves.ts).
 */
export function usePlannerEntryMoves(deps: PlannerEntryMovesDeps) {
  const { posts, timeZone, drafts } = deps

  /**
   * Moves a calendar entry (a draft, a queued post, or a pending post of the service, by its entry key) to
   * another day (month) or day and hour (week): the month keeps its wall-clock time, a drop on an hour takes
   * that hour on the hour, the keyboard's hour nudge keeps the minutes. A time that has passed is refused, as
   * nothing can be published there. Resolves with the new time (and whether the DST gap shifted it); rejects
   * with the refusal or the save's error.
   */
  async function move(
    key: string,
    targetDay: string,
    hour?: number,
    options: { keepMinutes?: boolean } = {},
  ): Promise<ResolvedLocalTime> {
    const { id, draft, post, next } = resolveMove(key, targetDay, hour, options)
    if (post) {
      // The copy on the calendar may be older than the post (edited on the service's website meanwhile, or a
      // refresh still under way): main lays the move over the post as the service holds it now, so it changes
      // the time and nothing else, and refuses a post no longer waiting to go out.
      const base = postOfSchedule(post) as CreateScheduleRequest
      await deps.updatePost(id, { ...base, scheduleAt: next.iso }, base)
      return next
    }
    await drafts.save({
      id: draft!.id,
      post: { ...draft!.post, scheduleAt: next.iso },
      localMedia: draft!.localMedia,
    })
    return next
  }

  /** Where a move would put the entry, refused as `move` refuses it, without saving anything. */
  function previewMove(
    key: string,
    targetDay: string,
    hour?: number,
    options: { keepMinutes?: boolean } = {},
  ): ResolvedLocalTime {
    return resolveMove(key, targetDay, hour, options).next
  }

  function resolveMove(
    key: string,
    targetDay: string,
    hour: number | undefined,
    options: { keepMinutes?: boolean },
  ) {
    const [source, ...rest] = key.split(':')
    const id = rest.join(':')
    const draft = source === 'draft' ? drafts.byId.get(id) : undefined
    const post = source === 'post' ? posts.value.find((p) => scheduleIdOf(p) === id) : undefined
    if (!draft && !post) throw new AppError({ kind: 'not-found', message: key })
    const from = draft ? draft.post.scheduleAt || new Date().toISOString() : post!.scheduleAt
    const next =
      hour === undefined
        ? moveToDay(from, targetDay, timeZone.value)
        : moveToSlot(from, targetDay, hour, timeZone.value, options.keepMinutes)
    if (!next) throw new AppError({ kind: 'validation', field: 'scheduleAt', message: targetDay })
    if (Date.parse(next.iso) <= Date.now()) {
      throw new AppError({
        kind: 'validation',
        field: 'scheduleAt',
        code: 'time-passed',
        message: 'That time has passed; move the post to a later day or hour.',
      })
    }
    if (post && post.status !== 'pending') throw new AppError({ kind: 'validation', message: post.status })
    return { id, draft, post, next }
  }

  return { move, previewMove }
}

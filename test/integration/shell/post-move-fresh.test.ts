// A post of the service moved from the planner while the calendar's refresh hangs and the post was edited on
// the service's website meanwhile: the move is laid over the post as the service holds it, so the edit
// survives; a post that is no longer waiting to go out is refused by name and left alone. Against a real
// sandbox over HTTP, through the service handlers, the page's copy built as the planner builds it.
import { describe, expect, it } from 'vitest'
import { mergeScheduleEdit } from '../../../common/schedule-merge'
import { emptyScheduleRequest, type CreateScheduleRequest, type Schedule } from '../../../common/service'
import { connectedAccountId } from '../drafts/helpers'
import { useHandlersOnSandbox } from './handlers-on-sandbox'

const sandbox = useHandlersOnSandbox('post-move-fresh-')
let hang = false

/** The service, whose list of posts (the calendar's refresh) never answers while `hang` is set. */
const slowList = sandbox.listing(() => (hang ? () => new Promise<never>(() => undefined) : undefined))

/** A post of the service as the planner's copy writes it back (renderer/lib/planner/composer-form.ts). */
const postOfSchedule = (post: Schedule): CreateScheduleRequest =>
  mergeScheduleEdit(emptyScheduleRequest(), post as unknown as CreateScheduleRequest)

const handlers = () => sandbox.handlers(slowList).handlers

describe('a post moved from the planner', () => {
  it('is moved over the post as the service holds it: an edit made on the website while the refresh hangs survives', async () => {
    const call = handlers()
    const start = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 2, 1))
    const range = { from: start.toISOString(), to: new Date(start.getTime() + 28 * 86_400_000).toISOString() }
    const accountId = await connectedAccountId(sandbox.real)
    const { scheduleId } = await sandbox.real.createSchedule({
      ...emptyScheduleRequest(),
      type: 'text',
      title: 'Promo',
      description: 'as the calendar read it',
      accountId,
      scheduleAt: new Date(start.getTime() + 86_400_000).toISOString(),
    })
    const [copy] = (await call['schedules:list'](range)).value.filter((p) => (p.id ?? p._id) === scheduleId)
    expect(copy).toBeDefined()

    // The calendar's next refresh hangs; meanwhile the post is edited on the service's website.
    hang = true
    void call['schedules:list'](range).catch(() => undefined)
    await sandbox.real.updateSchedule(scheduleId, {
      ...postOfSchedule(await sandbox.real.getSchedule(scheduleId)),
      description: 'edited on the website',
    })

    // Alt+ArrowRight: the page's copy with the next day's time, and the copy it was made on.
    const base = postOfSchedule(copy!)
    const moved = new Date(start.getTime() + 2 * 86_400_000).toISOString()
    await call['schedules:update']({ id: scheduleId, post: { ...base, scheduleAt: moved }, base })
    const now = await sandbox.real.getSchedule(scheduleId)
    expect(now.description).toBe('edited on the website')
    expect(new Date(now.scheduleAt).toISOString()).toBe(moved)
    hang = false
  })

  it('is refused, naming why, once the post is no longer waiting to go out; nothing is sent', async () => {
    const call = handlers()
    const published = (await sandbox.real.listSchedules({ page: 1, limit: 100, status: 'success' })).docs[0]!
    const id = published.id ?? published._id
    const base = postOfSchedule(published)
    await expect(
      call['schedules:update']({ id, post: { ...base, description: 'changed' }, base }),
    ).rejects.toMatchObject({ kind: 'validation', code: 'post-moved-on', params: { status: 'success' } })
    expect((await sandbox.real.getSchedule(id)).description).toBe(published.description)
  })
})

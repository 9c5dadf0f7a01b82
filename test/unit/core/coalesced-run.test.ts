import { describe, expect, it } from 'vitest'
import { coalescedRun } from '../../../main/core/coalesced-run'

function gate() {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { opened, open }
}

describe('coalescedRun', () => {
  it('runs once more after the run under way however often it was asked meanwhile, then stops', async () => {
    const gates = [gate(), gate(), gate()]
    let runs = 0
    const job = coalescedRun(
      async () => {
        await gates[runs++]!.opened
      },
      () => false,
    )
    const first = job.run()
    const second = job.run()
    const third = job.run()
    expect(second).toBe(first)
    expect(third).toBe(first)
    gates[0]!.open()
    gates[1]!.open()
    await first
    expect(runs).toBe(2)
    gates[2]!.open()
    await job.run()
    expect(runs).toBe(3)
  })

  it('again() asks for one more only while a run is under way', async () => {
    let runs = 0
    const g = gate()
    const job = coalescedRun(
      async () => {
        runs++
        if (runs === 1) await g.opened
      },
      () => false,
    )
    expect(job.again()).toBe(false)
    const run = job.run()
    expect(job.again()).toBe(true)
    g.open()
    await run
    expect(runs).toBe(2)
  })

  it('starts nothing once stopped, and ends the loop when stopped between runs', async () => {
    let stopped = false
    let runs = 0
    const g = gate()
    const job = coalescedRun(
      async () => {
        runs++
        await g.opened
      },
      () => stopped,
    )
    const run = job.run()
    job.again()
    stopped = true
    g.open()
    await run
    expect(runs).toBe(1)
    await job.run()
    expect(runs).toBe(1)
  })

  it('passes a failure to the caller and runs again on the next call', async () => {
    let runs = 0
    const job = coalescedRun(
      async () => {
        runs++
        if (runs === 1) throw new Error('boom')
      },
      () => false,
    )
    await expect(job.run()).rejects.toThrow('boom')
    await job.run()
    expect(runs).toBe(2)
  })
})

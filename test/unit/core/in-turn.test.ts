// Jobs of one key one after another, in the order asked; other keys do not wait; a failure does not stop the
// next; nothing is kept once a key's jobs are over.
import { describe, expect, it } from 'vitest'
import { inTurn } from '../../../main/core/in-turn'

function gate() {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { open, opened }
}

describe('inTurn', () => {
  it('runs the jobs of one key in turn, those of another key beside them', async () => {
    const turns = inTurn()
    const log: string[] = []
    const first = gate()
    const a1 = turns.run('a', async () => {
      log.push('a1 start')
      await first.opened
      log.push('a1 end')
      return 1
    })
    const a2 = turns.run('a', async () => {
      log.push('a2')
      return 2
    })
    const b = turns.run('b', async () => {
      log.push('b')
      return 3
    })
    await b
    expect(log).toEqual(['a1 start', 'b'])
    first.open()
    await expect(Promise.all([a1, a2])).resolves.toEqual([1, 2])
    expect(log).toEqual(['a1 start', 'b', 'a1 end', 'a2'])
  })

  it('a job that fails answers its failure and the next runs all the same', async () => {
    const turns = inTurn()
    const failing = turns.run('a', async () => {
      throw new Error('refused')
    })
    const next = turns.run('a', async () => 'ran')
    await expect(failing).rejects.toThrow('refused')
    await expect(next).resolves.toBe('ran')
  })
})

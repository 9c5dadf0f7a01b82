// Reading a whole list: all pages, starting over when the list moves underneath, never a silent part.
import { describe, expect, it } from 'vitest'
import { readAllPages } from '../../../../main/core/storage/read-all-pages'
// The pages are cut as the service cuts them: the sandbox's mongoose-paginate arithmetic.
import { paginate } from '../../../../sandbox/paginate'

const range = (n: number) => Array.from({ length: n }, (_, i) => i)

describe('readAllPages', () => {
  it('reads every page at 100 a page', async () => {
    const limits: number[] = []
    const items = await readAllPages(
      async (page, limit) => {
        limits.push(limit)
        return paginate(range(250), { page, limit })
      },
      { what: 'things' },
    )
    expect(items).toEqual(range(250))
    expect(limits).toEqual([100, 100, 100])
  })

  it('starts over when an item is removed while reading (one would be skipped)', async () => {
    let list = range(150)
    let calls = 0
    const items = await readAllPages(
      async (page, limit) => {
        calls++
        // Right after page 1 is read, the first item is deleted: item 100 moves onto page 1.
        const answer = paginate(list, { page, limit })
        if (calls === 1) list = list.slice(1)
        return answer
      },
      { what: 'things' },
    )
    expect(items).toEqual(range(150).slice(1))
    expect(calls).toBe(4)
  })

  it('refuses rather than decide from part of the list', async () => {
    await expect(
      readAllPages(async (page, limit) => paginate(range(1000), { page, limit }), {
        what: 'posts',
        maxPages: 3,
      }),
    ).rejects.toThrow(/posts: more than 3 pages/)
    let n = 0
    await expect(
      readAllPages(async (page, limit) => paginate(range(150 + n++), { page, limit }), { what: 'posts' }),
    ).rejects.toThrow(/kept changing/)
  })

  it('asks for several pages at once when told, keeps the order, and starts over when the list moves', async () => {
    let inFlight = 0
    let most = 0
    let list = range(1050)
    let calls = 0
    const items = await readAllPages(
      async (page, limit) => {
        inFlight++
        most = Math.max(most, inFlight)
        await new Promise((r) => setTimeout(r, page === 3 ? 5 : 1))
        inFlight--
        // One removal while the first pass reads: the pass is dropped, the second one is whole.
        if (++calls === 4) list = list.slice(1)
        return paginate(list, { page, limit })
      },
      { what: 'things', concurrency: 4 },
    )
    expect(items).toEqual(range(1050).slice(1))
    expect(most).toBe(4)
  })
})

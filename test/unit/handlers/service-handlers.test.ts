// automations:get: the service's GET /public/automation/{id} when it has one; where it answers 404 (older
// services, the sandbox), the list is paged through until the automation turns up.
import { describe, expect, it } from 'vitest'
import { AppError } from '../../../common/errors'
import type { Automation, Page } from '../../../common/service'
import type { ServiceClient } from '../../../main/core/service-client'
import { findAutomation } from '../../../main/handlers/service-handlers'

const automation = (n: number) => ({ _id: `a${n}`, id: `p${n}` }) as unknown as Automation

function client(total: number, getAnswer: 'found' | 404 | 500) {
  const pages: number[] = []
  const fake = {
    getAutomation: async (id: string) => {
      if (getAnswer === 'found') return { ...automation(0), _id: id }
      throw new AppError({
        kind: getAnswer === 404 ? 'not-found' : 'server',
        message: 'x',
        status: getAnswer,
      })
    },
    listAutomations: async ({ page, limit }: { page: number; limit: number }): Promise<Page<Automation>> => {
      pages.push(page)
      const docs = Array.from({ length: total }, (_, i) => automation(i)).slice(
        (page - 1) * limit,
        page * limit,
      )
      return { docs, hasNextPage: page * limit < total } as Page<Automation>
    },
  }
  return { client: fake as unknown as ServiceClient, pages }
}

describe('findAutomation', () => {
  it('asks the service for the one automation when it can', async () => {
    const { client: c, pages } = client(500, 'found')
    await expect(findAutomation(c, 'a7')).resolves.toMatchObject({ _id: 'a7' })
    expect(pages).toEqual([])
  })

  it('pages through the list on a 404, by either id, until found', async () => {
    const { client: c, pages } = client(350, 404)
    await expect(findAutomation(c, 'a250')).resolves.toMatchObject({ _id: 'a250' })
    expect(pages).toEqual([1, 2, 3])
    await expect(findAutomation(c, 'p3')).resolves.toMatchObject({ _id: 'a3' })
  })

  it('answers not-found when no page has it, and passes other errors on', async () => {
    const { client: c, pages } = client(150, 404)
    await expect(findAutomation(c, 'nope')).rejects.toMatchObject({ kind: 'not-found' })
    expect(pages).toEqual([1, 2])
    await expect(findAutomation(client(10, 500).client, 'a1')).rejects.toMatchObject({ kind: 'server' })
  })
})

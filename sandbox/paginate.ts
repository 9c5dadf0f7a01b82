// mongoose-paginate-v2's arithmetic, which the service's list endpoints answer with (section 4.5):
// totalPages is at least 1, pagingCounter is the 1-based number of the page's first item, and a page past
// the end is empty but still points back to page - 1.
import type { Page } from '../common/service'
import type { Query } from './query'

export interface PageRequest {
  page: number
  limit: number
}

export const MAX_LIMIT = 100

export function readPageRequest(query: Query): PageRequest {
  const page = query.integer('page', { min: 1, max: 1_000_000, required: true })!
  const limit = query.integer('limit', { min: 1, max: MAX_LIMIT, required: true })!
  return { page, limit }
}

export function paginate<T>(items: readonly T[], { page, limit }: PageRequest): Page<T> {
  const totalDocs = items.length
  const totalPages = Math.ceil(totalDocs / limit) || 1
  const start = (page - 1) * limit
  const hasPrevPage = page > 1
  const hasNextPage = page < totalPages
  return {
    docs: items.slice(start, start + limit),
    totalDocs,
    limit,
    totalPages,
    page,
    pagingCounter: start + 1,
    hasPrevPage,
    hasNextPage,
    prevPage: hasPrevPage ? page - 1 : null,
    nextPage: hasNextPage ? page + 1 : null,
  }
}

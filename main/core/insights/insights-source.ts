// The refresh's view of the service (insights-refresh.ts InsightsSource), over the service client: its
// published posts as the list gives them, and the two figure calls.
import type { ServiceClient } from '../service-client'
import type { InsightsSource } from './insights-refresh'

export function insightsSource(
  client: Pick<ServiceClient, 'listContents' | 'contentStatistic' | 'accountStatistic'>,
): InsightsSource {
  return {
    async listContent(accountId, nextToken) {
      const page = await client.listContents(accountId, nextToken)
      return {
        docs: page.docs.map((c) => ({
          contentId: c.id,
          type: c.type,
          publishedAt: c.publishedAt,
          title: c.title,
          ...(c.url === undefined ? {} : { url: c.url }),
          ...(c.thumbnail === undefined ? {} : { thumbnail: c.thumbnail }),
        })),
        ...(page.nextToken === undefined ? {} : { nextToken: page.nextToken }),
      }
    },
    contentStatistic: (contentId, accountId) => client.contentStatistic(contentId, accountId),
    accountStatistic: (accountId) => client.accountStatistic(accountId),
  }
}

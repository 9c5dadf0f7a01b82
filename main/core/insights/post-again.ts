// "Post again" from the insights (docs/insights.md): a published post's content as a new draft's, on its
// account and with no time yet. Its text and media are read from the service (the copy keeps only the first
// line and a picture); when the service cannot be reached, the copy's part is given, and said to be partial,
// rather than nothing.
import { AppError, isUnreachable } from '../../../common/errors'
import type { ContentPost } from '../../../common/insights'
import type { PostAgainDraft } from '../../../common/insights-calls'
import type { InsightsStore } from './insights-store'

export interface PostAgainSource {
  getContent(contentId: string, accountId: string): Promise<ContentPost>
}

export async function postAgainDraft(
  client: PostAgainSource,
  store: InsightsStore,
  scope: string,
  accountId: string,
  contentId: string,
): Promise<PostAgainDraft> {
  try {
    const content = await client.getContent(contentId, accountId)
    return { accountId, ...content, partial: false }
  } catch (error) {
    const failure = AppError.from(error)
    if (!isUnreachable(failure)) throw failure
    const known = store.posts(scope, accountId).find((p) => p.contentId === contentId)
    if (!known) throw failure
    const picture = known.thumbnail
    return {
      accountId,
      title: '',
      description: known.title,
      type: known.type,
      medias: picture ? [{ type: 'image', url: picture, thumbnail: picture, alt: '' }] : [],
      partial: true,
    }
  }
}

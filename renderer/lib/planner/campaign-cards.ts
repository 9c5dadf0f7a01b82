// A campaign's posts as cards on the calendar (common/campaigns.ts): the entries of its posts in the period are
// taken out and replaced by one card per time its posts go out. Posts at the same time share a card; a
// campaign staggered over several times (a TikTok 30 minutes after Instagram) is shown at each of its times,
// each card a part of the one campaign ("2/3") that opens the whole campaign. A campaign of which fewer than
// two posts are found (the others deleted elsewhere, or outside the period) leaves them as single posts.
import { SUMMED_STATUSES, summedStatusOf, sumStatuses, type Campaign } from '../../../common/campaigns'
import type { Draft } from '../../../common/drafts'
import type { CalendarEntry } from './calendar'

/** The calendar keys a campaign's member may appear under: its draft, and its post once the service has it. */
function keysOf(campaign: Campaign, draftsById: ReadonlyMap<string, Draft>): Map<string, string> {
  const keys = new Map<string, string>()
  for (const member of campaign.members) {
    if (member.draftId) keys.set(`draft:${member.draftId}`, member.accountId)
    const scheduleId = member.scheduleId ?? (member.draftId && draftsById.get(member.draftId)?.scheduleId)
    if (scheduleId) keys.set(`post:${scheduleId}`, member.accountId)
  }
  return keys
}

/** The minute a post goes out: members of one time share a card, whatever the seconds of their copies. */
function minuteOf(entry: CalendarEntry): number {
  return Math.floor(Date.parse(entry.at) / 60_000)
}

/** The status the card is coloured by: the one the summed status names first (a failure before all else). */
function leadingStatus(posts: readonly CalendarEntry[]): CalendarEntry['status'] {
  const rank = (entry: CalendarEntry) => SUMMED_STATUSES.indexOf(summedStatusOf(entry.status))
  return [...posts].sort((a, b) => rank(a) - rank(b))[0]!.status
}

export function groupCampaigns(
  entries: readonly CalendarEntry[],
  campaigns: readonly Campaign[],
  draftsById: ReadonlyMap<string, Draft>,
): CalendarEntry[] {
  const byKey = new Map(entries.map((entry) => [entry.key, entry]))
  const taken = new Set<string>()
  const cards: CalendarEntry[] = []
  for (const campaign of campaigns) {
    const keys = keysOf(campaign, draftsById)
    const found = new Map<string, CalendarEntry>()
    for (const [key, accountId] of keys) {
      const entry = byKey.get(key)
      if (entry && !taken.has(key) && !found.has(accountId)) found.set(accountId, entry)
    }
    if (found.size < 2) continue
    const posts = campaign.members.flatMap((m) => (found.has(m.accountId) ? [found.get(m.accountId)!] : []))
    for (const post of posts) taken.add(post.key)
    const times = [...new Set(posts.map(minuteOf))].sort((a, b) => a - b)
    times.forEach((time, index) => {
      const shown = posts.filter((post) => minuteOf(post) === time)
      const earliest = [...shown].sort((a, b) => a.at.localeCompare(b.at))[0]!
      const split = times.length > 1
      cards.push({
        key: split ? `campaign:${campaign.id}:${index + 1}` : `campaign:${campaign.id}`,
        source: 'campaign',
        id: campaign.id,
        status: leadingStatus(shown),
        at: earliest.at,
        title: earliest.title,
        text: shown.map((p) => p.text).join('\n'),
        accountId: earliest.accountId,
        movable: false,
        campaign: {
          accountIds: shown.map((p) => p.accountId),
          posts: shown,
          all: posts,
          ...(split ? { part: { index: index + 1, of: times.length } } : {}),
        },
      })
    })
  }
  return [...entries.filter((entry) => !taken.has(entry.key)), ...cards]
}

/** The summed status of a card's posts, for its label: [{ status: 'published', count: 2 }, …]. */
export function cardStatuses(card: CalendarEntry): ReturnType<typeof sumStatuses> {
  return sumStatuses((card.campaign?.posts ?? [card]).map((p) => p.status))
}

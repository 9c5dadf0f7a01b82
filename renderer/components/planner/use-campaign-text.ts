import { useI18n } from 'vue-i18n'
import type { CalendarEntry } from '../../lib/planner/calendar'
import { cardStatuses } from '../../lib/planner/campaign-cards'
import { useStatusText } from './use-status-text'

/**
 * A campaign card's summed status in the person's language: "2 published · 1 failed"; and, for a card of a
 * campaign staggered over several times, which of them it is: "Part 2 of 3".
 */
export function useCampaignText() {
  const { t } = useI18n()
  const { bucket } = useStatusText()
  function summary(card: CalendarEntry): string {
    return cardStatuses(card)
      .map(({ status, count }) => t(`campaigns.status.${bucket(status)}`, { count }, count))
      .join(t('campaigns.separator'))
  }
  function part(card: CalendarEntry): string {
    const part = card.campaign?.part
    return part ? t('campaigns.card.part', { index: part.index, count: part.of }) : ''
  }
  return { summary, part }
}

import { onBeforeUnmount, onMounted, watch } from 'vue'
import { useI18n } from 'vue-i18n'
import { useRouter } from 'vue-router'
import { appRouteLocation, plannerDay } from '../lib/app-route'
import type { EventPayloads } from '../../common/contract'
import { useAccountsStore } from '../stores/accounts'
import { useAppStore } from '../stores/app'
import { useAutomationsStore } from '../stores/automations'
import { useConnectionStore } from '../stores/connection'
import { usePlannerStore } from '../stores/planner'
import { useDraftsStore } from '../stores/drafts'
import { useCampaignsStore } from '../stores/campaigns'
import { useProfilesStore } from '../stores/profiles'
import { useReportsStore } from '../stores/reports'
import { useInboxStore } from '../stores/inbox'
import { useInsightsStore } from '../stores/insights'
import { useInsightsGridStore } from '../stores/insights-grid'
import { useAccountWatchStore } from '../stores/account-watch'
import { useStorageStore } from '../stores/storage'
import { useStorageDoctorStore } from '../stores/storage-doctor'
import { useToastsStore } from '../stores/toasts'
import { useUploadsStore } from '../stores/uploads'

/**
 * Loads the app-wide state once the shell is mounted, keeps it in step with main's events, and resets the
 * per-profile stores when main says another profile is active (`profiles:switched`): each profile has its own
 * storage, queue, automations, accounts, posts, drafts, activity, inbox and account alerts. This is the one place a switch is handled.
 */
export function useAppSession() {
  const app = useAppStore()
  const profiles = useProfilesStore()
  const connection = useConnectionStore()
  const storage = useStorageStore()
  const uploads = useUploadsStore()
  const automations = useAutomationsStore()
  const accounts = useAccountsStore()
  const planner = usePlannerStore()
  const drafts = useDraftsStore()
  const campaigns = useCampaignsStore()
  const storageDoctor = useStorageDoctorStore()
  const reports = useReportsStore()
  const inbox = useInboxStore()
  const insights = useInsightsStore()
  const insightsGrid = useInsightsGridStore()
  const accountWatch = useAccountWatchStore()
  const toasts = useToastsStore()
  const { t } = useI18n()
  const router = useRouter()
  const stops: (() => void)[] = []

  // Only the counts that happened: "2 done, 1 failed", not "2 done, 1 failed, 0 cancelled". Files already in the
  // library were not uploaded, and are told apart from those that were.
  function batchSummary(done: number, reused: number, failed: number, cancelled: number): string {
    const parts: string[] = []
    if (done > reused) parts.push(t('library.toast.summaryDone', { count: done - reused }))
    if (reused > 0) parts.push(t('library.toast.summaryReused', { count: reused }))
    if (failed > 0) parts.push(t('library.toast.summaryFailed', { count: failed }))
    if (cancelled > 0) parts.push(t('library.toast.summaryCancelled', { count: cancelled }))
    return parts.join(', ')
  }

  function onBatchFinished({ done, reused, failed, cancelled }: EventPayloads['uploads:batch-finished']) {
    if (failed > 0) {
      toasts.push({
        tone: 'danger',
        title: t('library.toast.batchFailed', { failed }, failed),
        message: batchSummary(done, reused, failed, cancelled),
        action: { label: t('library.toast.showQueue'), to: '/library' },
      })
    } else if (done > 0) {
      const uploaded = done - reused
      toasts.push({
        tone: 'success',
        title:
          uploaded > 0
            ? t('library.toast.batchDone', { done: uploaded }, uploaded)
            : t('library.toast.batchReused', { count: reused }, reused),
        ...(uploaded > 0 && reused > 0
          ? { message: t('library.toast.summaryReused', { count: reused }) }
          : {}),
      })
    }
  }

  function onProfileSwitched() {
    for (const store of [
      automations,
      accounts,
      storage,
      storageDoctor,
      planner,
      drafts,
      campaigns,
      reports,
      inbox,
      insights,
      insightsGrid,
      accountWatch,
    ])
      store.reset()
    profiles.switches++
    void Promise.allSettled([storage.loadStats(), uploads.load(), connection.load(), drafts.load()])
  }

  onMounted(() => {
    stops.push(
      profiles.onSwitched(onProfileSwitched),
      app.subscribe(),
      profiles.subscribe(),
      connection.subscribe(),
      storage.subscribe(),
      uploads.subscribe(onBatchFinished),
      // Main sends the window somewhere: a clicked notification, a mediadeck:// link.
      app.onNavigate((route) => {
        // Not awaited: the navigation goes on at once, and the planner's load never rejects (a failure is
        // kept in the store's error state, which the view shows).
        if (route.view === 'planner' && route.date) void planner.showDay(plannerDay(route.date))
        void router.push(appRouteLocation(route))
      }),
    )
    // Each part fails on its own (the views show their own error states); one failure must not block the rest.
    void Promise.allSettled([
      app.load(),
      profiles.load(),
      connection.load(),
      storage.loadStats(),
      uploads.load(),
    ])
  })

  // Back online: what was shown from the last copy, or failed for want of the service, is fetched again.
  stops.push(
    watch(
      () => connection.status,
      (next, previous) => {
        if (next !== 'online' || previous === 'online' || previous === undefined) return
        if (storage.statsError || storage.stats) void storage.loadStats()
        // A page of files shown from the replica is fetched again too (the Library keeps it on screen meanwhile).
        if (storage.filesStale || storage.filesError) void storage.loadFiles()
        if (automations.stale || automations.error) void automations.reload()
        if (accounts.stale || accounts.error) void accounts.load(true)
      },
    ),
  )

  onBeforeUnmount(() => stops.splice(0).forEach((stop) => stop()))
}

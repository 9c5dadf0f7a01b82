import { ref } from 'vue'
import { useI18n } from 'vue-i18n'
import { CONTENT_RULES, withRuleActive } from '../../../common/automation-edit'
import { AppError } from '../../../common/errors'
import type { Automation } from '../../../common/service'
import { useAccountLabel } from '../../composables/use-account-label'
import { useErrorText } from '../../composables/use-error-text'
import { windowPausedRules, type ContentRule, type PausedRules } from '../../lib/paused-rules'
import { useAutomationsStore } from '../../stores/automations'
import { useConnectionStore } from '../../stores/connection'
import { useProfilesStore } from '../../stores/profiles'
import { useToastsStore } from '../../stores/toasts'

const activeOf = (config: Record<string, unknown>): ContentRule[] =>
  CONTENT_RULES.filter((rule) => (config[rule] as { isActive?: unknown } | undefined)?.isActive === true)

/**
 * The automations list's on/off switch, one per row. The service has no switch for a whole automation, only one
 * per rule: "on" is any rule on; off turns every rule off and keeps which were on (lib/paused-rules.ts), and on
 * turns those back on. With none on and none kept, the row offers to open the automation to pick its rules.
 *
 * The switch moves at once and goes back if the service refuses, saying why. Each change goes in turn with the
 * automation's other changes (stores/automations.ts `change`), on the rules the service last confirmed, so a
 * rule switched in the reader meanwhile is neither lost nor reverted.
 */
export function useQuickSwitch(kept: PausedRules = windowPausedRules()) {
  const { t } = useI18n()
  const store = useAutomationsStore()
  const toasts = useToastsStore()
  const connection = useConnectionStore()
  const profiles = useProfilesStore()
  const accountLabel = useAccountLabel()
  const { short } = useErrorText()
  /** What a switch shows while its change is on its way: the state asked for. */
  const pending = ref(new Map<string, boolean>())
  /** Bumped when what is kept changes, so the rows read it again (local storage is not reactive). */
  const keptVersion = ref(0)
  const profile = () => profiles.activeId ?? ''

  function isOn(automation: Automation): boolean {
    return pending.value.get(automation.id) ?? activeOf(automation.config).length > 0
  }

  /**
   * On, off with rules to turn back on, or switching: a switch (which keeps the keyboard's focus while it goes);
   * off with nothing kept, the row offers to open the automation instead.
   */
  function canSwitch(automation: Automation): boolean {
    void keptVersion.value
    return (
      pending.value.has(automation.id) || isOn(automation) || kept.get(profile(), automation.id).length > 0
    )
  }

  function isBusy(automation: Automation): boolean {
    return pending.value.has(automation.id)
  }

  /** The automation as a screen reader tells it from the others: its content and its account. */
  function name(automation: Automation): string {
    return t('automations.quick.name', {
      title: automation.detail.title || t('automations.untitled'),
      account: accountLabel.describe(
        automation.account ?? automation.accountId,
        automation.account?.name ?? automation.accountId,
      ),
    })
  }

  function setPending(id: string, on: boolean | null) {
    const next = new Map(pending.value)
    if (on === null) next.delete(id)
    else next.set(id, on)
    pending.value = next
  }

  async function set(automation: Automation, on: boolean) {
    const id = automation.id
    if (pending.value.has(id) || !connection.online || isOn(automation) === on) return
    const owner = profile()
    const restore = on ? kept.get(owner, id) : []
    if (on && restore.length === 0) return
    setPending(id, on)
    /** Says the switch did not take, and why; the switch shows what the service holds. */
    const failed = (message: string) =>
      toasts.push({
        tone: 'danger',
        title: t(on ? 'automations.quick.onFailed' : 'automations.quick.offFailed', {
          name: name(automation),
        }),
        message,
      })
    // The rules that were on, as the service confirmed them when this change's turn came.
    let wereOn: ContentRule[] = []
    try {
      const saved = await store.change(id, automation.config, (config) => {
        wereOn = activeOf(config)
        const rules: readonly ContentRule[] = on ? restore : CONTENT_RULES
        return rules.reduce((next, rule) => withRuleActive(next, rule, on), config)
      })
      // A 2xx is not the proof: the switch shows what the service answered, and says so when that is not
      // what was asked (a service that ignored the rules sent, a rule it will not turn on).
      if (activeOf(saved.config).length > 0 !== on) {
        failed(t(on ? 'automations.quick.stillOff' : 'automations.quick.stillOn'))
        return
      }
      if (on) kept.set(owner, id, [])
      else if (wereOn.length > 0) kept.set(owner, id, wereOn)
      keptVersion.value++
      toasts.push({
        tone: 'success',
        title: t(on ? 'automations.quick.on' : 'automations.quick.off', { name: name(automation) }),
      })
    } catch (error) {
      // The switch goes back to what the service holds; the reason is said, not just the switch's return.
      failed(short(AppError.from(error).toJSON()))
    } finally {
      setPending(id, null)
    }
  }

  return { isOn, canSwitch, isBusy, name, set }
}

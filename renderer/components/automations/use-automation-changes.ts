import { computed, ref } from 'vue'
import { useI18n } from 'vue-i18n'
import { withRuleActive, type AutomationRule } from '../../../common/automation-edit'
import { AppError } from '../../../common/errors'
import type { Automation } from '../../../common/service'
import { useErrorText } from '../../composables/use-error-text'
import { useAutomationsStore } from '../../stores/automations'
import { useConnectionStore } from '../../stores/connection'
import { useToastsStore } from '../../stores/toasts'

/**
 * What changes an automation: a rule turned on or off, the whole rule set saved, the account's defaults, and a
 * delete held behind the same Undo as the planner's (stores/toasts.ts `hold`: sent when the toast closes, or
 * when the window does). Changes need the service: offline, `canChange` is false and nothing is kept to send
 * later.
 */
export function useAutomationChanges() {
  const { t } = useI18n()
  const store = useAutomationsStore()
  const toasts = useToastsStore()
  const connection = useConnectionStore()
  const { short } = useErrorText()
  const busy = ref(new Set<string>())
  const canChange = computed(() => connection.online)

  function fail(title: string, error: unknown) {
    toasts.push({ tone: 'danger', title, message: short(AppError.from(error).toJSON()) })
  }

  async function toggle(automation: Automation, rule: AutomationRule, isActive: boolean) {
    const key = `${automation.id}:${rule}`
    if (busy.value.has(key) || !canChange.value) return
    busy.value = new Set(busy.value).add(key)
    try {
      // In turn with the automation's other changes, on the rules the last of them left (stores/automations.ts).
      await store.change(automation.id, automation.config, (config) => withRuleActive(config, rule, isActive))
      // Said once the service has it: a switch that only moved on the page would leave the person guessing.
      const name = t(`automations.rules.${rule}`)
      toasts.push({
        tone: 'success',
        title: t(isActive ? 'automations.edit.ruleOn' : 'automations.edit.ruleOff', { rule: name }),
      })
    } catch (error) {
      fail(t('automations.edit.saveFailed'), error)
    } finally {
      const next = new Set(busy.value)
      next.delete(key)
      busy.value = next
    }
  }

  function isBusy(automation: Automation, rule: string) {
    return busy.value.has(`${automation.id}:${rule}`)
  }

  function holdDelete(automation: Automation, title: string) {
    store.hide(automation.id, true)
    toasts.hold(
      {
        tone: 'info',
        title: t('automations.edit.deleted', { title }),
        undoLabel: t('planner.undo.button'),
      },
      {
        commit: async () => {
          try {
            await store.remove(automation.id)
          } catch (error) {
            fail(t('automations.edit.deleteFailed', { title }), error)
          } finally {
            store.hide(automation.id, false)
          }
        },
        undo: () => store.hide(automation.id, false),
      },
    )
  }

  async function setAccountDefaults(automation: Automation, accountName: string): Promise<boolean> {
    try {
      await store.setAccountDefaults({
        accountId: automation.accountId,
        config: automation.config,
      })
      toasts.push({ tone: 'success', title: t('automations.edit.defaultsSet', { account: accountName }) })
      return true
    } catch (error) {
      fail(t('automations.edit.defaultsFailed'), error)
      return false
    }
  }

  return { canChange, toggle, isBusy, holdDelete, setAccountDefaults, fail }
}

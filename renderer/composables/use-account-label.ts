import { useI18n } from 'vue-i18n'
import type { Account } from '../../common/service'
import { useAccountsStore } from '../stores/accounts'

/**
 * How an account is told apart from another of the same name: its network and its username beside the name
 * ("Roti Bu Ani Bandung (Instagram, @roti_bu_ani)"). For the places that can only hold text: a button's or a
 * checkbox's accessible name, an <option>. Where markup fits, AccountLabel.vue shows the same with the network's
 * mark.
 */
export function useAccountLabel() {
  const { t, te } = useI18n()
  const accounts = useAccountsStore()

  function find(id: string): Account | undefined {
    return accounts.accounts.find((a) => a.id === id || a._id === id)
  }

  /** The network's name in the interface's language; the service's word for a network this app does not know. */
  function networkName(type: string): string {
    return te(`planner.networks.${type}`) ? t(`planner.networks.${type}`) : type
  }

  function username(account: Pick<Account, 'username'>): string {
    const name = account.username.trim()
    return name === '' || name.startsWith('@') || name.startsWith('+') ? name : `@${name}`
  }

  /** Name, network and username, as one line of text; the id alone when the account is unknown. */
  function describe(account: Account | string | undefined, fallback?: string): string {
    const found = typeof account === 'string' ? find(account) : account
    if (!found) return fallback ?? (typeof account === 'string' ? account : '')
    const user = username(found)
    return t('common.account.described', {
      name: found.name || user,
      network: networkName(found.type),
      username: user,
    })
  }

  return { find, networkName, username, describe }
}

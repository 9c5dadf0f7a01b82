import type en from '../en/automations'

export default { title: 'Otomasi' } satisfies typeof en

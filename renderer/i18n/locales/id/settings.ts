import type en from '../en/settings'

export default { title: 'Pengaturan' } satisfies typeof en

// The external-link allow-list, for main's doors to the browser (app:open-external, the navigation guards, the
// account alerts). It lives in common/external-links.ts so the page can tell, before offering "Open", whether
// main will open an address: main still decides, the page only stops offering what would be refused.
export { EXTERNAL_HOST_ALLOW_LIST, isAllowedExternalUrl } from '../../common/external-links'

// The one door to main: stores call through this instead of touching window.mediadeck at import time, so a
// test can install its fake before the first call.
import type { MediadeckApi } from '../../common/contract'

export function mediadeck(): MediadeckApi {
  return window.mediadeck
}

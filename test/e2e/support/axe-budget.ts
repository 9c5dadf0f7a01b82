// How long a test that runs full axe audits may take before it counts as hung. An audit is CPU-bound in
// Chromium: axe walks the whole DOM, then merges its results in a page of its own. Beside stress-ng on the
// shared 2-core machine (load average 25–30) one audit took about 30 s (the accessibility spec: five audits in
// 150 s), so a test's bound grows with its audits. These bounds only catch a hang; nothing here is a timing check.
const PER_AUDIT_MS = 40_000

/** The timeout of a test running `audits` axe audits plus steps of its own that need `rest` ms. */
export function axeTimeout(audits: number, rest = 60_000): number {
  return rest + audits * PER_AUDIT_MS
}

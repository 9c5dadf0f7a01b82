// The service words a failed post's reason (`errorMessage`) in English free text, and its reference documents
// no codes for them. The reasons the service is known to give (sandbox/publisher.ts and the demo data mirror
// them) are recognised here, so they can be said in the person's language; any other reason keeps the
// service's own words, which is better than hiding it.

export interface KnownFailure {
  /** A key under `service.failures` in renderer/i18n/locales. */
  key: string
  params: Record<string, string>
}

const PATTERNS: ReadonlyArray<{ pattern: RegExp; key: string; names: readonly string[] }> = [
  { pattern: /^account not found$/i, key: 'accountMissing', names: [] },
  {
    pattern: /^account (.+) \(([\w-]+)\) is disconnected; reconnect it and retry$/i,
    key: 'disconnected',
    names: ['account', 'network'],
  },
  {
    pattern: /^([\w-]+) does not support ([\w-]+) posts$/i,
    key: 'unsupportedType',
    names: ['network', 'type'],
  },
  {
    pattern: /^([\w-]+) access token expired; reconnect the account$/i,
    key: 'tokenExpired',
    names: ['network'],
  },
  {
    pattern: /^([\w-]+) rejected the media: aspect ratio must be between ([\d.:]+) and ([\d.:]+)$/i,
    key: 'aspectRatio',
    names: ['network', 'min', 'max'],
  },
  // The networks' published limits the publisher applies (common/preflight.ts describePreflightIssue).
  {
    pattern: /^([\w-]+) takes at most (\d+) characters of text; this post has (\d+)$/i,
    key: 'captionTooLong',
    names: ['network', 'max', 'count'],
  },
  {
    pattern: /^([\w-]+) takes at most (\d+) media files in one post; this post has (\d+)$/i,
    key: 'tooManyMedia',
    names: ['network', 'max', 'count'],
  },
  // What an automation's rule meets (GET /public/report; sandbox/demo-seed.ts mirrors them).
  { pattern: /^the comment was deleted before the reply was sent$/i, key: 'commentGone', names: [] },
  { pattern: /^the person does not accept messages from this account$/i, key: 'messagesClosed', names: [] },
  { pattern: /^the story mention has expired$/i, key: 'storyExpired', names: [] },
  { pattern: /^the conversation is closed$/i, key: 'chatClosed', names: [] },
  {
    pattern: /^the platform refused to (delete|like) the comment: rate limit reached, try again later$/i,
    key: 'platformRateLimit',
    names: [],
  },
]

export function recogniseFailure(reason: string): KnownFailure | undefined {
  const text = reason.trim()
  for (const { pattern, key, names } of PATTERNS) {
    const match = pattern.exec(text)
    if (!match) continue
    return { key, params: Object.fromEntries(names.map((name, i) => [name, match[i + 1]!])) }
  }
  return undefined
}

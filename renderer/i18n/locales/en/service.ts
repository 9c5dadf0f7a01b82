// The service's own words said in the app's language (renderer/lib/failure-reasons.ts recognises them).
export default {
  failures: {
    accountMissing: 'The account no longer exists on the service.',
    disconnected: 'The account {account} ({network}) is disconnected: reconnect it, then retry.',
    unsupportedType: '{network} does not publish {type} posts.',
    tokenExpired: 'The {network} account’s sign-in expired: reconnect the account.',
    // The composer's wording of the rule (planner.preflight.aspect-ratio), after what the network did.
    aspectRatioFile:
      '{network} rejected the picture. {name} is {ratio}:1; {network} takes {min}:1 (tall) to {max}:1 (wide). Crop it to fit, then send it again.',
    aspectRatio: '{network} rejected the media: {network} takes {min}:1 (tall) to {max}:1 (wide).',
    captionTooLong: '{network} takes at most {max} characters of text; this post has {count}.',
    tooManyMedia: '{network} takes at most {max} media files in one post; this post has {count}.',
    commentGone: 'The comment was gone before the answer could be sent.',
    messagesClosed: 'This person does not accept private messages from the account.',
    storyExpired: 'The story had expired before the answer was sent.',
    chatClosed: 'The conversation was closed before the answer was sent.',
    platformRateLimit: 'The network asked the account to slow down: retry later.',
  },
}

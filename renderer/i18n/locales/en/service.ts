// The service's own words said in the app's language (renderer/lib/failure-reasons.ts recognises them).
export default {
  failures: {
    accountMissing: 'The account no longer exists on the service.',
    disconnected: 'The account {account} ({network}) is disconnected: reconnect it, then retry.',
    unsupportedType: '{network} does not publish {type} posts.',
    tokenExpired: 'The {network} account’s sign-in expired: reconnect the account.',
    aspectRatio: '{network} rejected the media: the aspect ratio must be between {min} and {max}.',
    captionTooLong: '{network} takes at most {max} characters of text; this post has {count}.',
    tooManyMedia: '{network} takes at most {max} media files in one post; this post has {count}.',
    commentGone: 'The comment was gone before the answer could be sent.',
    messagesClosed: 'This person does not accept private messages from the account.',
    storyExpired: 'The story had expired before the answer was sent.',
    chatClosed: 'The conversation was closed before the answer was sent.',
    platformRateLimit: 'The network asked the account to slow down: retry later.',
  },
}

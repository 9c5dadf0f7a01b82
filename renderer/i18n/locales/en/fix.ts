// Fixing a failed post and sending it again (PostDetailDialog, the composer's fix mode, FixSeveralDialog).
export default {
  mediaLabel: 'Media of this post',
  editAndSend: 'Edit and send again',
  duplicate: 'Duplicate as draft',
  duplicated: 'Copied to a new draft',
  composerTitle: 'Fix and send again',
  send: 'Send again',
  reasonTitle: 'Why it failed',
  updated: 'Updated and sent again',
  updatedText: 'The service has the changes; it publishes the post now.',
  replaced: 'Sent as a new post',
  replacedText:
    'The service could not change the failed post, so the changes went as a new post and the failed one was deleted.',
  notSent: 'Saved, not sent again',
  warned: 'Sent again; this account was retried {used} times this hour',
  warnedShort: 'Sent again, past this account’s limit of 3 retries an hour',
  warnedText: 'Networks can flag an account retried this often as spam. Wait before sending it again.',
  several: {
    aspect:
      'The picture’s shape is refused in {count} post | The picture’s shape is refused in {count} posts',
    aspectText: 'Crop each picture to the nearest shape its network takes, then send the posts again.',
    aspectButton: 'Crop and send again…',
    text: 'The text is too long in {count} post | The text is too long in {count} posts',
    textText: 'Shorten each text to its network’s limit, then send the posts again.',
    textButton: 'Shorten and send again…',
    aspectTitle: 'Crop pictures and send again',
    textTitle: 'Shorten texts and send again',
    cropOf: 'Crop of {name}: the bright part is kept',
    // A cropped picture's name on the service (lib/fix-media.ts croppedName).
    croppedName: '{name} (cropped)',
    cropMeta: '{from} → {to}, {width} × {height} px',
    unmeasured: 'The picture could not be read here, so it cannot be cropped.',
    cutShown: 'Struck-through text is cut',
    keptCount: '{count} of {max} characters',
    include: 'Fix {title}',
    confirmAspect: 'Crop {count} picture and send | Crop {count} pictures and send',
    confirmText: 'Shorten {count} text and send | Shorten {count} texts and send',
    working: 'Fixing {done} of {count}…',
    budget: '{account}: {left} of {limit} bulk retries left this hour',
    budgetSpent:
      '{account}: no bulk retries left this hour (until {time}); its posts are fixed but not sent.',
    done: '{count} post fixed and sent again | {count} posts fixed and sent again',
    heldBack:
      '{count} post fixed but held back by the retry limit | {count} posts fixed but held back by the retry limit',
    failedOne: '{title}: {reason}',
  },
}

// main's texts in English: tray, menus, dialogs, notifications, the crash page. The renderer merges this
// object as its `desktop.*` keys (renderer/i18n/index.ts), so both processes read one catalogue. Plurals use
// vue-i18n's "one | other" form and the `{count}` parameter, which common/messages/index.ts's t() also reads.
export default {
  tray: {
    inbox:
      'One conversation to answer in the inbox ({unread} unread) | {count} to answer in the inbox ({unread} unread)',
    tooltip: 'Mediadeck',
    online: 'Online',
    offline: 'Offline',
    checking: 'Checking the connection…',
    unauthorized: 'The keys were refused',
    uploading: 'Uploading {count} file | Uploading {count} files',
    paused: 'Uploads paused',
    postsWaiting: '{count} post waiting to be sent | {count} posts waiting to be sent',
    open: 'Open Mediadeck',
    sendNow: 'Send now',
    pause: 'Pause uploads',
    resume: 'Resume uploads',
    quit: 'Quit Mediadeck',
  },
  background: {
    title: 'Mediadeck is still running',
    body: 'Mediadeck keeps sending your posts and uploads from the tray. Turn this off in Settings.',
  },
  quit: {
    message: 'Uploads are still running',
    detail: 'If you quit now, the uploads resume the next time you open Mediadeck.',
    confirm: 'Quit',
    cancel: 'Keep running',
  },
  menu: {
    file: 'File',
    addFiles: 'Add Files…',
    addFolder: 'Add Folder…',
    edit: 'Edit',
    view: 'View',
    window: 'Window',
    help: 'Help',
    website: 'Repliz Website',
    showLog: 'Show Log File',
    installCli: 'Install Command Line Tool…',
  },
  cliInstall: {
    doneTitle: 'Command line tool installed',
    doneDetail: 'Open a new terminal window and run “mediadeck --help”. It is at {where}.',
    failedTitle: 'The command line tool could not be installed',
  },
  notify: {
    inboxNewTitle: '{account}: a new comment or message | {account}: {count} new comments and messages',
    inboxNewBody: 'Latest from {from}: {text}',
    files: '{count} file | {count} files',
    uploadsFailedTitle: 'Some uploads failed',
    uploadsFailedBody: '{failed} failed, {done} uploaded. Open Mediadeck to retry.',
    uploadsCancelledTitle: 'Uploads cancelled',
    uploadsCancelledBody: '{count} file cancelled. | {count} files cancelled.',
    uploadsDoneTitle: 'Uploads finished',
    uploadsDoneBody: '{count} file uploaded. | {count} files uploaded.',
    uploadsReusedBody: 'One file was already in your library. | {count} files were already in your library.',
    uploadsDoneReusedBody: '{uploaded} uploaded, {reused} already in your library.',
    postPublishedTitle: 'Post published',
    postPublishedBody: 'Your post on {account} is live.',
    postFailedTitle: 'A post failed to publish',
    postFailedBody: 'Your post on {account} failed. Open Mediadeck to retry it.',
    draftSentTitle: 'Draft sent',
    draftSentBody: 'A queued draft was sent to the service and is scheduled.',
    accountDisconnectedTitle: '{account} is disconnected',
    accountDisconnectedBody:
      '{count} post due soon will fail: {posts}. | {count} posts due soon will fail: {posts}.',
    reconnect: 'Reconnect on repliz.com',
    untitledPost: 'Untitled post',
  },
  crash: {
    title: 'Mediadeck stopped working',
    body: 'The window crashed twice in a minute. Your queue and drafts are safe.',
    restart: 'Restart Mediadeck',
    copy: 'Copy diagnostics',
    copied: 'Diagnostics copied',
    startFailed: 'Mediadeck could not start',
    startFailedBody: '{reason}\n\nThe details are in the log: {logFile}',
  },
  data: {
    bindingTitle: 'Mediadeck cannot start',
    bindingBody:
      'The local database (SQLite) could not be loaded, so nothing could be saved. Reinstall Mediadeck; if it happens again, report it with this detail: {problem}',
    noticeTitle: 'Your local data needed attention',
    madePrivate:
      'Other users of this computer could read Mediadeck’s data folder {folder} (drafts, the copy of your accounts and posts, the upload history); it is now readable by you alone.',
  },
  update: {
    readyMessage: 'An update is ready',
    readyDetail: 'Mediadeck {version} has been downloaded. Install it when you quit?',
    install: 'Install on quit',
    later: 'Not now',
  },
  // Why main refused or failed something, by the AppError's `code` (common/errors.ts); the renderer shows these
  // in place of main's English `message`, which stays for logs and the CLI.
  errors: {
    'grid-moved-on':
      'This post changed on the service since the grid was drawn (edited, moved or published): nothing was moved. The grid shows it as it is now.',
    'grid-undo-failed':
      "The second post may not have moved, and the first was not put back: check both posts' times in the planner.",
    'file-missing': 'The file is not there any more: it was moved or deleted.',
    'file-permission': 'Permission to read the file was denied.',
    'file-not-regular': 'This is not a regular file.',
    'file-unreadable': 'The file cannot be read.',
    'file-empty': 'The file is empty.',
    'file-not-granted':
      '{name} was not picked or dropped here, or was replaced since: add it again with the file dialog or by dropping it.',
    'file-too-large': '{name} is larger than the browser mode accepts.',
    'file-not-kept': '{name} could not be saved for upload.',
    'intake-full':
      '{name} was not taken: files added and not uploaded yet already hold {max}. Upload those first.',
    'covers-full': 'Cover frames waiting for a post already hold {max}: save or discard those posts first.',
    'too-many-files': 'More than {max} files at once: add fewer.',
    'no-files': 'There are no files to upload.',
    'upload-not-found': 'This upload is no longer in the queue.',
    'upload-engine-closed': 'The uploads have stopped because Mediadeck is closing.',
    'upload-cancelled': 'Stopped on request.',
    'upload-wait-stopped': 'Stopped waiting for this upload.',
    'upload-batch-too-big': 'These files need more storage than is free.',
    'upload-file-too-big': 'This file needs more storage than is free.',
    'upload-file-changed': 'The file changed while it was uploading: add it again.',
    'upload-bad-concurrency': 'Uploads at once must be 1 to 32.',
    'upload-stopped': 'The upload of {name} stopped before it finished.',
    'retry-budget':
      'This account was sent again 3 times this hour already; more could get it flagged as spam. Try again later.',
    'disk-full': 'Not saved: the disk is full. Free some space and try again; what was saved before is kept.',
    'read-only': 'Not saved: the disk is read-only. What was saved before is kept.',
    'permission-denied':
      'Not saved: permission to write the data folder was denied. What was saved before is kept.',
    'write-failed': 'Not saved: the data folder could not be written. What was saved before is kept.',
    'upload-progress-not-saved':
      'The upload stopped: its progress could not be written to the data folder (full, or not writable). Nothing is lost: it resumes at the next start once the folder can be written.',
    'request-invalid': 'The app sent a request it does not accept ({field}). Nothing was changed.',
    'draft-invalid': 'The post is not complete: check the marked fields.',
    'draft-not-found': 'This draft no longer exists.',
    'draft-changed-elsewhere':
      'This post was changed elsewhere (another window or the command line) after you opened it. Keep your version or take the other one.',
    'draft-sending': 'This post is being sent; change it once that is done.',
    'draft-on-service': 'This post is already on the service; change it there (open it from the calendar).',
    'send-outcome-checking':
      'No answer came when this post was sent; the service is asked again at {at} whether it has it, before anything is sent again.',
    'draft-no-decision': 'This post does not need a decision any more.',
    'new-time-required': 'Choose the new time.',
    'profile-not-found': 'This profile no longer exists.',
    'profile-secret-lost':
      '“{name}” cannot be used: its secret key was kept for the last session only. Enter it again in Settings → Profiles; until then the last copy of its data is shown.',
    'profile-builtin': 'The built-in Sandbox cannot be deleted.',
    'secret-required': 'Enter the secret key again.',
    'automation-not-found': 'This automation was not found on the service.',
    'post-moved-on': 'This post is no longer waiting to go out ({status}); it was not changed.',
    'automation-value-not-accepted':
      'The service does not accept “{value}” for {field}: choose one of {allowed}.',
    'address-not-allowed': 'This address is not one the app opens.',
    'no-file-dialog': 'No file dialog is available here.',
    'rate-limited-until': 'The service asked to wait: try again at {time}.',
    'snippet-name-empty': 'Give it a name.',
    'snippet-name-too-long': 'A name is at most {max} characters.',
    'snippet-body-empty': 'Write the text to insert.',
    'snippet-body-too-long': 'The text is {length} characters; a snippet is at most {max}.',
    'snippet-not-hashtag': '“{word}” is not a hashtag: use letters, digits and _ only.',
    'snippet-too-many-hashtags': 'This group has {count} hashtags; networks take at most {max} in one post.',
    'inbox-not-found': 'This conversation is not in the inbox any more.',
    'inbox-comment-text-only': 'A comment is answered with text only: the service takes no files there.',
    'inbox-media-kind':
      '{name}: a video or audio from the library cannot be sent yet (its length is read from the file); send a picture or a document.',
    'inbox-chat-only': 'Only a chat has older messages to show.',
    'inbox-media-duration-unreachable':
      '{name}: its stored file could not be reached to read its length; try again once it can be, or drop the file from your computer.',
    'inbox-media-duration-gone':
      '{name}: its stored file is no longer there; send another file of the library, or drop the file from your computer.',
    'inbox-media-duration-refused':
      '{name}: its stored file is on a local or private address, which the app does not read from; drop the file from your computer instead.',
    'inbox-media-duration-unreadable':
      '{name}: its length cannot be read from the stored file (MP4, MOV, M4A, 3GP, WAV and MP3 with the length in their header are read); drop the file from your computer instead.',
    'inbox-comment-only': 'Only a comment can be liked or answered privately.',
    'snippet-name-taken': 'There is already one named “{name}”: choose another name.',
    'snippet-same-text': 'The same text is already saved as “{name}”.',
    'snippet-not-found': 'This snippet no longer exists (deleted in another window or the command line).',
    'snippet-changed-elsewhere':
      'This snippet was changed elsewhere after you opened it. Close it and open it again to see that version.',
    'snippets-full': 'You have {max} snippets and hashtag groups, the most kept: delete some first.',
  },
}

// What the snippets' lists and dialogs call each kind (common/snippets.ts SNIPPET_KINDS), said once for the
// manager, the insert menu and the dialog: its list's title, its New button, its empty list, its new dialog.
import type { SnippetKind } from '../../../common/snippets'

export const SNIPPET_KIND_TEXTS: Record<
  SnippetKind,
  { title: string; add: string; empty: string; dialog: string }
> = {
  caption: {
    title: 'snippets.captions',
    add: 'snippets.addCaption',
    empty: 'snippets.noCaptions',
    dialog: 'snippets.dialog.newCaption',
  },
  hashtags: {
    title: 'snippets.hashtags',
    add: 'snippets.addHashtags',
    empty: 'snippets.noHashtags',
    dialog: 'snippets.dialog.newHashtags',
  },
  reply: {
    title: 'snippets.replies',
    add: 'snippets.addReply',
    empty: 'snippets.noReplies',
    dialog: 'snippets.dialog.newReply',
  },
}

/** The composer's kinds: what a post's text takes. */
export const COMPOSER_SNIPPET_KINDS: readonly SnippetKind[] = ['caption', 'hashtags']

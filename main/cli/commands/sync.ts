// `sync [--json]`: sends the profile's queued drafts (local media through the upload engine first), exactly once. Exit 0
// when every post this run sent is scheduled, 1 when any is still waiting, failed or needs a decision.
import { createLeases } from '../../core/db/leases'
import { createEngineUploader } from '../../core/drafts/engine-uploader'
import { createOutbox } from '../../core/drafts/outbox'
import { openCliUploads } from '../cli-uploads'
import { noPositionals, parse } from '../args'
import type { CliCommand } from '../context'
import { writeJson, writeLine } from '../context'
import { describeError } from '../describe-error'
import { draftLine, humanDraftLine, openCliDrafts } from './drafts'
import { draftsProfileFor } from '../../core/drafts/profile-identity'

const usage = 'sync [--json]'

export const syncCommand: CliCommand = {
  name: ['sync'],
  usage,
  summary: 'send the queued drafts to the service',
  async run(argv, ctx) {
    const { values, positionals } = parse(argv, { json: { type: 'boolean' } }, usage)
    noPositionals(positionals, usage)
    const profile = await ctx.resolveProfile(ctx.env)
    const { database, store, profileId } = await openCliDrafts(
      ctx,
      (db) => draftsProfileFor(db, profile.baseUrl, profile.accessKey),
      profile.dataDir,
    )
    const client = ctx.createClient(profile)
    const uploads = openCliUploads(profile, ctx, { client, network: ctx.network })
    const { engine } = uploads
    const abort = new AbortController()
    const stopListening = ctx.onInterrupt(() => abort.abort())
    try {
      const outbox = createOutbox({
        store,
        client: () => client,
        // Only this account's drafts: another profile's are written for other account ids and media.
        profileId: () => profileId,
        now: ctx.now ?? (() => new Date()),
        upload: createEngineUploader(() => engine),
        // The app beside this run (or another cron `sync`) may be sending the same queue.
        leases: createLeases(database),
      })
      const result = await outbox.sync(abort.signal)
      const touched = [...result.scheduled, ...result.failed, ...result.attention, ...result.waiting]
      for (const id of touched) {
        const draft = store.get(id)
        if (!draft) continue
        if (values.json) writeJson(ctx.stdout, draftLine(draft))
        else writeLine(draft.status === 'scheduled' ? ctx.stdout : ctx.stderr, humanDraftLine(draft))
      }
      if (result.stoppedBy)
        writeLine(ctx.stderr, `error: ${describeError(result.stoppedBy)}; the rest stays queued`)
      if (!values.json && touched.length === 0) writeLine(ctx.stderr, 'nothing to send')
      // This run's posts decide: a post that failed in an earlier run is listed by `drafts list`, not here.
      return result.failed.length + result.attention.length + result.waiting.length === 0 ? 0 : 1
    } finally {
      stopListening()
      await uploads.close()
      await client.close()
      database.close()
    }
  },
}

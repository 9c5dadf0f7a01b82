// Errors the drafts domain raises, as AppErrors so IPC, the CLI and the renderer treat them like any other.
import type { DraftFieldError } from '../../../common/drafts'
import type { DraftValidationError } from '../../../common/contract'
import { AppError } from '../../../common/errors'
import type { AppErrorData } from '../../../common/errors'
import { errorReason } from '../../../common/messages/index'

/** A validation refusal that carries every field error; `field` is the first, for callers that show one. */
export class DraftValidationAppError extends AppError {
  readonly fields: DraftFieldError[]

  constructor(fields: DraftFieldError[]) {
    const first = fields[0]
    super({
      kind: 'validation',
      ...errorReason('draft-invalid'),
      // Every field in one line: the CLI prints it as is, the composer shows `fields` one by one.
      message: first
        ? fields.map((f) => `${f.field}: ${f.message}`).join('; ')
        : 'The draft is not complete.',
      ...(first ? { field: first.field } : {}),
    })
    this.fields = fields
  }

  override toJSON(): DraftValidationError {
    return { ...(super.toJSON() as AppErrorData & { kind: 'validation' }), fields: this.fields }
  }
}

export function notFound(id: string): AppError {
  return new AppError({
    kind: 'not-found',
    ...errorReason('draft-not-found'),
    message: `There is no draft ${id}.`,
  })
}

/** An action the draft's status does not allow; `code` lets the renderer say it in the person's language. */
export type WrongStateCode = 'draft-sending' | 'draft-on-service' | 'draft-no-decision'

export function wrongState(code: WrongStateCode, message: string): AppError {
  return new AppError({ kind: 'validation', code, message })
}

/** The refusal of a save based on an older revision; `current` is what is stored now, for "take theirs". */
export function changedElsewhere(id: string): AppError {
  return new AppError({
    kind: 'validation',
    ...errorReason('draft-changed-elsewhere'),
    field: 'revision',
    message: `The draft ${id} was changed elsewhere (another window or the command line) since it was opened; nothing was saved. Keep your version or take the other one.`,
  })
}

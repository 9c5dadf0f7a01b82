// The `snippets` domain of the fake window.mediadeck (fake-mediadeck.ts): kept in `data.snippets`, checked
// with the same rules as main's store (common/snippets.ts), announced with `snippets:changed` as main does.
import type {
  CallName,
  CallRequest,
  CallResponse,
  EventName,
  EventPayloads,
  MediadeckApi,
} from '../../../common/contract'
import type { AppErrorData } from '../../../common/errors'
import { checkSnippet, snippetNameKey, type Snippet } from '../../../common/snippets'
import { NOW } from './fixtures'

type Handle = <C extends CallName>(
  name: C,
  fn: (request: CallRequest<C>) => CallResponse<C> | Promise<CallResponse<C>>,
) => (request: CallRequest<C>) => Promise<CallResponse<C>>
type On = <E extends EventName>(name: E) => (listener: (payload: EventPayloads[E]) => void) => () => boolean

export function fakeSnippets(
  data: { snippets?: Snippet[] },
  tools: { handle: Handle; on: On; emit: <E extends EventName>(name: E, payload: EventPayloads[E]) => void },
): MediadeckApi['snippets'] {
  const { handle, on, emit } = tools
  let next = 1
  const list = () => (data.snippets ??= [])
  const changed = () => emit('snippets:changed', { snippets: structuredClone(list()) })
  const refuse = (code: string, field?: string, params?: Record<string, string | number>): never => {
    throw {
      kind: 'validation',
      code,
      message: code,
      ...(field ? { field } : {}),
      ...(params ? { params } : {}),
    } satisfies AppErrorData
  }
  const checked = (snippet: Pick<Snippet, 'id' | 'kind' | 'name' | 'body'>) => {
    const result = checkSnippet(snippet)
    if ('problem' in result) return refuse(result.problem.code, result.field)
    const clash = list().find(
      (s) =>
        s.id !== snippet.id &&
        s.kind === snippet.kind &&
        snippetNameKey(s.name) === snippetNameKey(result.name),
    )
    if (clash) refuse('snippet-name-taken', 'name', { name: clash.name })
    return result
  }
  return {
    list: handle('snippets:list', () => list()),
    create: handle('snippets:create', ({ kind, name, body }) => {
      const id = `snippet-${next++}`
      const kept = checked({ id, kind, name, body })
      const snippet: Snippet = { id, kind, ...kept, revision: 1, createdAt: NOW, updatedAt: NOW }
      list().push(snippet)
      changed()
      return snippet
    }),
    update: handle('snippets:update', ({ id, name, body }) => {
      const found = list().find((s) => s.id === id)
      if (!found)
        throw { kind: 'not-found', code: 'snippet-not-found', message: 'gone' } satisfies AppErrorData
      const kept = checked({ id, kind: found.kind, name: name ?? found.name, body: body ?? found.body })
      Object.assign(found, kept, { revision: found.revision + 1 })
      changed()
      return found
    }),
    delete: handle('snippets:delete', ({ id }) => {
      data.snippets = list().filter((s) => s.id !== id)
      changed()
    }),
    onChanged: on('snippets:changed'),
  }
}

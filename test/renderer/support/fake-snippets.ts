// The `snippets` domain of the fake window.mediadeck (fake-mediadeck.ts): kept in `data.snippets`, checked
// with the same rules as main's store (common/snippets.ts), announced with `snippets:changed` as main does:
// what changed, numbered (`snippetsChanged` sends one as another process's commit would).
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
): { api: MediadeckApi['snippets']; changed(changed: Snippet[], removed?: string[]): void } {
  const { handle, on, emit } = tools
  let next = 1
  let seq = 0
  const list = () => (data.snippets ??= [])
  const announce = (changed: Snippet[], removed: string[] = []) =>
    emit('snippets:changed', { seq: ++seq, changed: structuredClone(changed), removed })
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
  const api: MediadeckApi['snippets'] = {
    list: handle('snippets:list', () => list()),
    snapshot: handle('snippets:snapshot', () => ({ items: structuredClone(list()), seq })),
    create: handle('snippets:create', ({ kind, name, body }) => {
      const id = `snippet-${next++}`
      const kept = checked({ id, kind, name, body })
      const snippet: Snippet = { id, kind, ...kept, revision: 1, createdAt: NOW, updatedAt: NOW }
      list().push(snippet)
      announce([snippet])
      return snippet
    }),
    update: handle('snippets:update', ({ id, name, body }) => {
      const found = list().find((s) => s.id === id)
      if (!found)
        throw { kind: 'not-found', code: 'snippet-not-found', message: 'gone' } satisfies AppErrorData
      const kept = checked({ id, kind: found.kind, name: name ?? found.name, body: body ?? found.body })
      Object.assign(found, kept, { revision: found.revision + 1 })
      announce([found])
      return found
    }),
    delete: handle('snippets:delete', ({ id }) => {
      data.snippets = list().filter((s) => s.id !== id)
      announce([], [id])
    }),
    onChanged: on('snippets:changed'),
  }
  return {
    api,
    /** Another process saved these (or removed those): kept, and announced as main would. */
    changed(changed, removed = []) {
      const gone = new Set([...removed, ...changed.map((s) => s.id)])
      data.snippets = [...list().filter((s) => !gone.has(s.id)), ...changed]
      announce(changed, removed)
    },
  }
}

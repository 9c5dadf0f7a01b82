// Jobs of one key run one after another, in the order asked; jobs of other keys do not wait. A job that fails
// does not stop the next. The automations' changes use it: two changes of one automation sent at once were
// each built on the rules as they stood before the other, and the later one undid the earlier.

export interface InTurn {
  /** Runs `job` once every job asked for before under `key` has ended; answers what `job` answers. */
  run<T>(key: string, job: () => Promise<T>): Promise<T>
}

export function inTurn(): InTurn {
  const last = new Map<string, Promise<unknown>>()
  return {
    run(key, job) {
      const before = last.get(key) ?? Promise.resolve()
      const mine = before.then(job, job)
      const settled = mine.then(
        () => undefined,
        () => undefined,
      )
      last.set(key, settled)
      // Forget the key once nothing more waits on it, so the map holds only keys with a job under way.
      void settled.then(() => {
        if (last.get(key) === settled) last.delete(key)
      })
      return mine
    },
  }
}

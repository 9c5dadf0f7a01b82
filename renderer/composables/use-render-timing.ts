import { nextTick, watch, type WatchSource } from 'vue'

/**
 * For the benchmarks and the DevTools performance panel: marks `<name>:data` when the source changes and
 * measures `<name>:render` up to the end of the frame that shows it (a task queued from the next animation
 * frame runs after that frame's style, layout and paint).
 */
export function useRenderTiming(name: string, source: WatchSource<unknown>) {
  watch(source, async () => {
    performance.mark(`${name}:data`)
    await nextTick()
    requestAnimationFrame(() =>
      setTimeout(() => {
        performance.mark(`${name}:painted`)
        performance.measure(`${name}:render`, `${name}:data`, `${name}:painted`)
      }),
    )
  })
}

// uPlot and its stylesheet, fetched once as a chunk of their own: the chart draws with them, and the Insights
// view asks for them as it opens, so that they arrive while the copy is read rather than after it.
import type UPlotChart from 'uplot'

let loading: Promise<typeof UPlotChart> | undefined

/** uPlot's constructor; a failed load (a chunk that did not arrive) is tried again by the next call. */
export function loadUPlot(): Promise<typeof UPlotChart> {
  loading ??= Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(
    ([m]) => m.default,
    (error: unknown) => {
      loading = undefined
      throw error
    },
  )
  return loading
}

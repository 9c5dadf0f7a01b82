// The growth chart's data and options for uPlot, kept apart from the component so they can be tested without a
// canvas. Only types are imported from uPlot here: its code is loaded by InsightsChart.vue when it draws.
import type uPlot from 'uplot'
import type { InsightsDay } from '../../../common/insights-calls'

export interface ChartLabels {
  day: string
  engagement: string
  followers: string
}

export interface ChartColors {
  accent: string
  accentSoft: string
  line: string
  text: string
  grid: string
}

/**
 * The chart's columns: x (each day's place, 0 for the first), engagement per day, and the follower count where
 * one was kept. Days are placed by their index and named by their key: they are the person's days, which the
 * page's own zone (uPlot's time axis) need not share.
 */
export function chartData(
  days: readonly InsightsDay[],
  followers: ReadonlyArray<{ day: string; followers: number }>,
): uPlot.AlignedData {
  const byDay = new Map(followers.map((f) => [f.day, f.followers]))
  const x = days.map((_d, i) => i)
  const engagement = days.map((d) => d.engagement)
  if (byDay.size === 0) return [x, engagement]
  return [x, engagement, days.map((d) => byDay.get(d.day) ?? null)]
}

/** A colour custom property as the canvas can paint it: resolved by the page (light-dark() included). */
export function themeColors(el: HTMLElement): ChartColors {
  const probe = document.createElement('span')
  el.appendChild(probe)
  const read = (name: string) => {
    probe.style.color = `var(${name})`
    return getComputedStyle(probe).color
  }
  const colors = {
    accent: read('--color-accent'),
    accentSoft: read('--color-accent-soft'),
    line: read('--color-warning'),
    text: read('--color-text-muted'),
    grid: read('--color-border'),
  }
  probe.remove()
  return colors
}

export interface ChartSetup {
  days: readonly InsightsDay[]
  width: number
  height: number
  colors: ChartColors
  labels: ChartLabels
  hasFollowers: boolean
  formatNumber: (n: number) => string
  formatDay: (day: string) => string
  /** uPlot.paths.bars(), given by the component that loaded uPlot. */
  bars?: uPlot.Series.PathBuilder
}

/** Steps between two named days: a day, a week, a fortnight, about a month, a quarter, half a year. */
const DAY_STEPS = [1, 2, 7, 14, 30, 91, 182]

export function chartOptions(o: ChartSetup): uPlot.Options {
  const dayAt = (i: number | null | undefined) =>
    i != null && Number.isInteger(i) && o.days[i] ? o.formatDay(o.days[i].day) : ''
  const axis = (scale: string, side?: number): uPlot.Axis => ({
    scale,
    ...(side === undefined ? {} : { side }),
    stroke: o.colors.text,
    grid: { stroke: o.colors.grid, width: 1 },
    ticks: { stroke: o.colors.grid, width: 1 },
    values: (_u, splits) => splits.map((v) => (v == null ? '' : o.formatNumber(v))),
    size: 56,
  })
  const series: uPlot.Series[] = [
    { label: o.labels.day, value: (_u, v) => dayAt(v) },
    {
      label: o.labels.engagement,
      scale: 'engagement',
      stroke: o.colors.accent,
      fill: o.colors.accentSoft,
      width: 1,
      ...(o.bars ? { paths: o.bars } : {}),
      value: (_u, v) => (v == null ? '–' : o.formatNumber(v)),
    },
  ]
  const axes: uPlot.Axis[] = [
    {
      stroke: o.colors.text,
      grid: { show: false },
      ticks: { stroke: o.colors.grid, width: 1 },
      incrs: DAY_STEPS,
      space: 64,
      values: (_u, splits) => splits.map((v) => dayAt(v)),
    },
    axis('engagement'),
  ]
  if (o.hasFollowers) {
    series.push({
      label: o.labels.followers,
      scale: 'followers',
      stroke: o.colors.line,
      width: 2,
      spanGaps: true,
      value: (_u, v) => (v == null ? '–' : o.formatNumber(v)),
    })
    axes.push({ ...axis('followers', 1), grid: { show: false } })
  }
  return {
    width: o.width,
    height: o.height,
    scales: { x: { time: false }, engagement: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
    cursor: { drag: { x: false, y: false } },
    series,
    axes,
  }
}

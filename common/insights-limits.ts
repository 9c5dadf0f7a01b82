// The insights' bounds, apart from the call schemas (common/insights-calls.ts, which re-exports them) so the page
// can hold to them without importing zod.

/** The published posts the Instagram grid shows below the upcoming ones: three rows more than a phone's screen. */
export const GRID_PUBLISHED = 30

/** The most rows one page of the posts table holds: "show more" grows it, a year is some 2,000. */
export const MAX_POSTS_PAGE = 10_000

/** The most accounts one refresh or one composer asks about. */
export const MAX_INSIGHTS_ACCOUNTS = 50

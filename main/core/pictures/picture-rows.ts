// The picture registry's row (migration 9, a STRICT table: SQLite itself refuses a value of the wrong type),
// declared once (main/core/db/rows.ts). A picture of a type no longer served is forgotten and fetched again
// by picture-store.ts, not set aside: it is a copy of something the network still has.
import { z } from 'zod'
import { declareTable, integer } from '../db/rows'

const pictureRow = z.object({
  scope: z.string(),
  key: z.string(),
  url: z.string(),
  file: z.string().min(1),
  type: z.string(),
  size: integer.nonnegative(),
  fetched_at: integer,
})

export const picturesTable = declareTable({
  table: 'pictures',
  key: ['scope', 'key'],
  what: 'a kept picture',
  columns: z.object({
    scope: z.string(),
    key: z.string(),
    url: z.string(),
    file: z.string(),
    type: z.string(),
    size: integer,
    fetched_at: integer,
    used_at: integer,
  }),
  row: pictureRow,
})

/** What eviction reads of a picture: where its file is and how big. */
export const pictureSizesTable = declareTable({
  ...picturesTable,
  row: pictureRow.pick({ scope: true, key: true, file: true, size: true }),
})

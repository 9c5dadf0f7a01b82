import type { z } from 'zod'

/** One line naming the first bad member, as the service's 400 messages do. */
export function zodMessage(error: z.ZodError): string {
  const issue = error.issues[0]
  if (!issue) return 'invalid request'
  const where = issue.path.length ? issue.path.join('.') : 'body'
  return `${where}: ${issue.message}`
}

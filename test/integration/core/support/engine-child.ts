// Runs the real upload engine in a process of its own so a test can kill it with SIGKILL mid-upload.
// argv: baseUrl accessKey secretKey journalPath file...
// ENGINE_RATE_LIMIT=bytes a second caps the uploads, so a test has a wide window to kill the process mid-PUT.
import { createServiceClient } from '../../../../main/core/service-client'
import { createUploadEngine } from '../../../../main/core/uploads/upload-engine'

const [baseUrl, accessKey, secretKey, journalPath, ...files] = process.argv.slice(2)
const client = createServiceClient({ baseUrl: baseUrl!, accessKey: accessKey!, secretKey: secretKey! })
const rateLimit = process.env.ENGINE_RATE_LIMIT ? Number(process.env.ENGINE_RATE_LIMIT) : null
const engine = createUploadEngine({ client, journalPath: journalPath!, concurrency: 1, rateLimit })
engine.onProgress((e) => {
  for (const item of e.items) process.stdout.write(`${item.name} ${item.state} ${item.bytesSent}\n`)
})
await engine.add(files)
process.stdout.write('added\n')
await engine.whenIdle()

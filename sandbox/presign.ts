// The storage origin's SigV4 query signing, made and verified with @smithy/signature-v4 (the AWS SDK's
// signer) so the addresses are real S3 presigned PUTs, shaped like the R2 ones the service hands out
// (reference/README.md): UNSIGNED-PAYLOAD, a CRC32 checksum pair in the query, x-id=PutObject, and
// `content-type;host` signed so a PUT with another Content-Type than the one given to init is refused.
import { timingSafeEqual } from 'node:crypto'
import { SignatureV4 } from '@smithy/signature-v4'
import { Hash } from '@smithy/hash-node'
import { HttpRequest } from '@smithy/protocol-http'
import { parseQueryString } from '@smithy/querystring-parser'

export const STORAGE_ACCESS_KEY_ID = 'sandboxr2accesskey0000000000000'
const REGION = 'auto'
const SERVICE = 's3'
// The SDK computes the checksum before the body is attached, so the real service's addresses carry the
// CRC32 of nothing; we keep that quirk.
const EMPTY_CRC32 = 'AAAAAA=='

const SIGNATURE_PARAMS = [
  'X-Amz-Algorithm',
  'X-Amz-Credential',
  'X-Amz-Date',
  'X-Amz-Expires',
  'X-Amz-SignedHeaders',
  'X-Amz-Signature',
  'X-Amz-Content-Sha256',
]

export interface Presigner {
  presignPut(o: {
    host: string
    key: string
    contentType: string
    now: Date
    expiresIn: number
  }): Promise<string>
  verify(o: VerifyInput): Promise<VerifyResult>
}

export interface VerifyInput {
  method: string
  host: string
  path: string
  rawQuery: string
  headers: Record<string, string | string[] | undefined>
  now: Date
}

export type VerifyResult =
  | { ok: true }
  | {
      ok: false
      code: 'AccessDenied' | 'SignatureDoesNotMatch' | 'AuthorizationQueryParametersError'
      message: string
    }

function encodeComponent(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
}

/** Parses X-Amz-Date (yyyyMMddTHHmmssZ). */
function parseAmzDate(text: string): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text)
  if (!m) return null
  const d = new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!))
  return Number.isNaN(d.getTime()) ? null : d
}

export function createPresigner(secretAccessKey: string): Presigner {
  const signer = new SignatureV4({
    service: SERVICE,
    region: REGION,
    credentials: { accessKeyId: STORAGE_ACCESS_KEY_ID, secretAccessKey },
    // The SDK's own Node SHA-256 (what @aws-sdk clients pass here).
    sha256: Hash.bind(null, 'sha256'),
    // S3 signs the path as sent, without the second escaping other AWS services need.
    uriEscapePath: false,
  })

  async function sign(
    host: string,
    path: string,
    query: Record<string, string | string[]>,
    headers: Record<string, string>,
    signingDate: Date,
    expiresIn: number,
  ) {
    const request = new HttpRequest({
      method: 'PUT',
      protocol: 'http:',
      hostname: host.replace(/:\d+$/, ''),
      path,
      query,
      headers: { ...headers, host, 'X-Amz-Content-Sha256': 'UNSIGNED-PAYLOAD' },
    })
    return signer.presign(request, { signingDate, expiresIn })
  }

  return {
    async presignPut({ host, key, contentType, now, expiresIn }) {
      const query = {
        'x-amz-checksum-crc32': EMPTY_CRC32,
        'x-amz-sdk-checksum-algorithm': 'CRC32',
        'x-id': 'PutObject',
      }
      const signed = await sign(host, `/${key}`, query, { 'content-type': contentType }, now, expiresIn)
      const pairs = Object.entries(signed.query ?? {})
        .flatMap(([k, v]): (readonly [string, string])[] =>
          Array.isArray(v) ? v.map((x) => [k, String(x)] as const) : [[k, v ?? ''] as const],
        )
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      return `/${key}?${pairs.map(([k, v]) => `${encodeComponent(k)}=${encodeComponent(v)}`).join('&')}`
    },

    async verify({ method, host, path, rawQuery, headers, now }) {
      const query = parseQueryString(rawQuery) as Record<string, string | string[] | null>
      const get = (name: string): string | undefined => {
        const v = query[name]
        return typeof v === 'string' ? v : undefined
      }
      const algorithm = get('X-Amz-Algorithm')
      const credential = get('X-Amz-Credential')
      const amzDate = get('X-Amz-Date')
      const expires = get('X-Amz-Expires')
      const signedHeaders = get('X-Amz-SignedHeaders')
      const signature = get('X-Amz-Signature')
      if (!algorithm || !credential || !amzDate || !expires || !signedHeaders || !signature) {
        return { ok: false, code: 'AccessDenied', message: 'Access Denied' }
      }
      if (algorithm !== 'AWS4-HMAC-SHA256') {
        return {
          ok: false,
          code: 'AuthorizationQueryParametersError',
          message: 'Unsupported X-Amz-Algorithm',
        }
      }
      const signingDate = parseAmzDate(amzDate)
      const expiresIn = /^\d{1,6}$/.test(expires) ? Number(expires) : NaN
      if (!signingDate || !Number.isFinite(expiresIn) || expiresIn < 1 || expiresIn > 604_800) {
        return {
          ok: false,
          code: 'AuthorizationQueryParametersError',
          message: 'X-Amz-Date or X-Amz-Expires is malformed',
        }
      }
      if (now.getTime() > signingDate.getTime() + expiresIn * 1000) {
        return { ok: false, code: 'AccessDenied', message: 'Request has expired' }
      }
      if (now.getTime() < signingDate.getTime() - 15 * 60 * 1000) {
        return { ok: false, code: 'AccessDenied', message: 'Request is not valid yet' }
      }
      if (!credential.startsWith(`${STORAGE_ACCESS_KEY_ID}/`)) {
        return { ok: false, code: 'AccessDenied', message: 'Invalid access key' }
      }
      const names = signedHeaders.split(';')
      if (!names.includes('host')) {
        return {
          ok: false,
          code: 'AuthorizationQueryParametersError',
          message: 'host must be a signed header',
        }
      }
      const signedHeaderValues: Record<string, string> = {}
      for (const name of names) {
        if (name === 'host') continue
        const value = headers[name]
        // A signed header that is missing cannot match; the signature comparison below says so.
        signedHeaderValues[name] = Array.isArray(value) ? value.join(',') : (value ?? '')
      }
      const rest: Record<string, string | string[]> = {}
      for (const [k, v] of Object.entries(query)) {
        if (!SIGNATURE_PARAMS.includes(k) && v !== null) rest[k] = v
      }
      const expected = await sign(host, path, rest, signedHeaderValues, signingDate, expiresIn)
      const expectedSignature = String(expected.query?.['X-Amz-Signature'] ?? '')
      const a = Buffer.from(expectedSignature)
      const b = Buffer.from(signature)
      if (method !== 'PUT' || a.length !== b.length || !timingSafeEqual(a, b)) {
        return {
          ok: false,
          code: 'SignatureDoesNotMatch',
          message: 'The request signature we calculated does not match the signature you provided.',
        }
      }
      return { ok: true }
    },
  }
}

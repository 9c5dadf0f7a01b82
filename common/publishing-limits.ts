// What each network takes in one post, with the public page each figure comes from (the networks' own
// documentation). One table: the composer checks a post against it while it is written (common/preflight.ts)
// and the sandbox's publisher fails a post the same way the network would (sandbox/publisher.ts).
// The post types each network takes are the service's own word (OpenAPI "Supported Post Types",
// SCHEDULE_TYPE_PLATFORMS); the rest is what the network's API states for a post published on a person's behalf.
import { SCHEDULE_TYPE_PLATFORMS, type AccountType, type SchedulePostType } from './service-vocabulary'

/** A limit and the page that states it. */
export interface Sourced<T> {
  value: T
  source: string
}

export interface MediaLimits {
  /** MIME types the network takes. */
  formats: Sourced<readonly string[]>
  /** Largest file, in bytes. */
  maxBytes: Sourced<number>
  /** Narrowest and widest width:height; absent where the network crops or letterboxes anything. */
  aspectRatio?: Sourced<{ min: number; max: number }>
}

export interface VideoLimits extends MediaLimits {
  /** Shortest and longest video, in seconds. */
  durationSeconds: Sourced<{ min: number; max: number }>
}

export interface PublishingLimits {
  /** Characters of the post's text; absent where the service publishes nothing to the network. */
  captionLength?: Sourced<number>
  /** Media files in one post (a carousel, an album). */
  maxMedia?: Sourced<number>
  /** Post types the service publishes to this network. */
  postTypes: Sourced<readonly SchedulePostType[]>
  image?: MediaLimits
  video?: VideoLimits
}

/** The service's site: its OpenAPI (copy in sandbox/reference/service-openapi.json) lists the post types. */
const SERVICE_TYPES = 'https://repliz.com'

function typesFor(network: AccountType): Sourced<readonly SchedulePostType[]> {
  const types = (Object.keys(SCHEDULE_TYPE_PLATFORMS) as SchedulePostType[]).filter((type) =>
    SCHEDULE_TYPE_PLATFORMS[type].includes(network),
  )
  return { value: types, source: SERVICE_TYPES }
}

const MB = 1024 * 1024
const GB = 1024 * MB

const IG_MEDIA =
  'https://developers.facebook.com/docs/instagram-platform/instagram-graph-api/reference/ig-user/media'
const IG_PUBLISHING = 'https://developers.facebook.com/docs/instagram-platform/content-publishing/'
const THREADS_POSTS = 'https://developers.facebook.com/docs/threads/posts'
const THREADS_MEDIA = 'https://developers.facebook.com/docs/threads/overview#media-specifications'
const TIKTOK_MEDIA = 'https://developers.tiktok.com/doc/content-posting-api-media-transfer-guide'
const TIKTOK_POST = 'https://developers.tiktok.com/doc/content-posting-api-reference-direct-post'
const FB_PHOTOS = 'https://developers.facebook.com/docs/graph-api/reference/page/photos/'
const FB_VIDEO = 'https://developers.facebook.com/docs/video-api/guides/publishing'
const FB_POST_TEXT = 'https://developers.facebook.com/docs/graph-api/reference/page/feed/'
const X_TEXT = 'https://docs.x.com/resources/fundamentals/counting-characters'
const X_MEDIA = 'https://docs.x.com/x-api/media/quickstart/best-practices'
const LI_POSTS = 'https://learn.microsoft.com/en-us/linkedin/marketing/community-management/shares/posts-api'
const LI_IMAGES =
  'https://learn.microsoft.com/en-us/linkedin/marketing/community-management/shares/images-api'
const LI_VIDEOS =
  'https://learn.microsoft.com/en-us/linkedin/marketing/community-management/shares/videos-api'
const LI_MULTI =
  'https://learn.microsoft.com/en-us/linkedin/marketing/community-management/shares/multiimage-post-api'
const YT_VIDEO = 'https://developers.google.com/youtube/v3/docs/videos#properties'
const YT_UPLOAD = 'https://support.google.com/youtube/answer/71673'
const YT_FORMATS = 'https://support.google.com/youtube/answer/4497585'

export const PUBLISHING_LIMITS: Record<AccountType, PublishingLimits> = {
  instagram: {
    captionLength: { value: 2200, source: IG_MEDIA },
    maxMedia: { value: 10, source: IG_PUBLISHING },
    postTypes: typesFor('instagram'),
    image: {
      formats: { value: ['image/jpeg'], source: IG_MEDIA },
      maxBytes: { value: 8 * MB, source: IG_MEDIA },
      aspectRatio: { value: { min: 4 / 5, max: 1.91 }, source: IG_MEDIA },
    },
    video: {
      formats: { value: ['video/mp4', 'video/quicktime'], source: IG_MEDIA },
      maxBytes: { value: 300 * MB, source: IG_MEDIA },
      durationSeconds: { value: { min: 3, max: 15 * 60 }, source: IG_MEDIA },
      aspectRatio: { value: { min: 0.01, max: 10 }, source: IG_MEDIA },
    },
  },
  threads: {
    captionLength: { value: 500, source: THREADS_POSTS },
    maxMedia: { value: 20, source: THREADS_POSTS },
    postTypes: typesFor('threads'),
    image: {
      formats: { value: ['image/jpeg', 'image/png'], source: THREADS_MEDIA },
      maxBytes: { value: 8 * MB, source: THREADS_MEDIA },
      aspectRatio: { value: { min: 0.1, max: 10 }, source: THREADS_MEDIA },
    },
    video: {
      formats: { value: ['video/mp4', 'video/quicktime'], source: THREADS_MEDIA },
      maxBytes: { value: 1 * GB, source: THREADS_MEDIA },
      durationSeconds: { value: { min: 0, max: 5 * 60 }, source: THREADS_MEDIA },
      aspectRatio: { value: { min: 0.01, max: 10 }, source: THREADS_MEDIA },
    },
  },
  tiktok: {
    captionLength: { value: 2200, source: TIKTOK_POST },
    maxMedia: { value: 35, source: TIKTOK_MEDIA },
    postTypes: typesFor('tiktok'),
    image: {
      formats: { value: ['image/jpeg', 'image/webp'], source: TIKTOK_MEDIA },
      maxBytes: { value: 20 * MB, source: TIKTOK_MEDIA },
    },
    video: {
      formats: { value: ['video/mp4', 'video/webm', 'video/quicktime'], source: TIKTOK_MEDIA },
      maxBytes: { value: 4 * GB, source: TIKTOK_MEDIA },
      durationSeconds: { value: { min: 3, max: 10 * 60 }, source: TIKTOK_MEDIA },
    },
  },
  facebook: {
    captionLength: { value: 63_206, source: FB_POST_TEXT },
    maxMedia: { value: 10, source: FB_PHOTOS },
    postTypes: typesFor('facebook'),
    image: {
      formats: {
        value: ['image/jpeg', 'image/png', 'image/gif', 'image/bmp', 'image/tiff', 'image/heic'],
        source: FB_PHOTOS,
      },
      maxBytes: { value: 10 * MB, source: FB_PHOTOS },
    },
    video: {
      formats: {
        value: ['video/mp4', 'video/quicktime', 'video/webm', 'video/x-matroska'],
        source: FB_VIDEO,
      },
      maxBytes: { value: 10 * GB, source: FB_VIDEO },
      durationSeconds: { value: { min: 1, max: 240 * 60 }, source: FB_VIDEO },
    },
  },
  twitter: {
    captionLength: { value: 280, source: X_TEXT },
    maxMedia: { value: 4, source: X_MEDIA },
    postTypes: typesFor('twitter'),
    image: {
      formats: { value: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'], source: X_MEDIA },
      maxBytes: { value: 5 * MB, source: X_MEDIA },
    },
    video: {
      formats: { value: ['video/mp4', 'video/quicktime'], source: X_MEDIA },
      maxBytes: { value: 512 * MB, source: X_MEDIA },
      durationSeconds: { value: { min: 0.5, max: 140 }, source: X_MEDIA },
      aspectRatio: { value: { min: 1 / 3, max: 3 }, source: X_MEDIA },
    },
  },
  linkedin: {
    captionLength: { value: 3000, source: LI_POSTS },
    maxMedia: { value: 20, source: LI_MULTI },
    postTypes: typesFor('linkedin'),
    image: {
      formats: { value: ['image/jpeg', 'image/png', 'image/gif'], source: LI_IMAGES },
      // The Images API bounds pixels (36,152,320), not bytes; the upload itself is refused beyond 100 MB.
      maxBytes: { value: 100 * MB, source: LI_IMAGES },
    },
    video: {
      formats: { value: ['video/mp4'], source: LI_VIDEOS },
      maxBytes: { value: 500 * MB, source: LI_VIDEOS },
      durationSeconds: { value: { min: 3, max: 30 * 60 }, source: LI_VIDEOS },
    },
  },
  youtube: {
    captionLength: { value: 5000, source: YT_VIDEO },
    maxMedia: { value: 1, source: YT_VIDEO },
    postTypes: typesFor('youtube'),
    video: {
      formats: {
        value: ['video/mp4', 'video/quicktime', 'video/webm', 'video/x-matroska', 'video/x-m4v'],
        source: YT_FORMATS,
      },
      maxBytes: { value: 256 * GB, source: YT_UPLOAD },
      durationSeconds: { value: { min: 1, max: 12 * 60 * 60 }, source: YT_UPLOAD },
    },
  },
  // The service lists no post type for Shopee: a post there is refused whatever it holds.
  shopee: {
    postTypes: typesFor('shopee'),
  },
}

/** The limits of an account type the table knows; undefined for a network added to the service later. */
export function limitsOf(accountType: string): PublishingLimits | undefined {
  return (PUBLISHING_LIMITS as Record<string, PublishingLimits | undefined>)[accountType]
}

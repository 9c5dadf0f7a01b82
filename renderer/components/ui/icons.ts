// Inline SVG icons (24x24, stroked, Feather-style shapes): the app runs offline under a strict CSP, so no icon
// font or remote sprite. Each entry is a list of SVG child elements as [tag, attributes].
export type IconShape = readonly (readonly [
  tag: 'path' | 'circle' | 'rect' | 'line' | 'polyline',
  attrs: Record<string, string>,
])[]

const p = (d: string) => ['path', { d }] as const

export const ICONS = {
  library: [p('M4 5a1 1 0 0 1 1-1h4l2 2h8a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1z')],
  automations: [p('M13 2 3 14h9l-1 8 10-12h-9l1-8z')],
  planner: [['rect', { x: '3', y: '4', width: '18', height: '18', rx: '2' }], p('M16 2v4M8 2v4M3 10h18')],
  settings: [
    ['circle', { cx: '12', cy: '12', r: '3' }],
    p(
      'M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z',
    ),
  ],
  upload: [p('M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4M17 8l-5-5-5 5M12 3v12')],
  plus: [p('M12 5v14M5 12h14')],
  close: [p('M18 6 6 18M6 6l12 12')],
  retry: [p('M1 4v6h6M23 20v-6h-6'), p('M20.5 9A9 9 0 0 0 5.6 5.6L1 10m22 4-4.6 4.4A9 9 0 0 1 3.5 15')],
  trash: [p('M3 6h18M8 6V4a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2m3 0-1 14a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2L5 6')],
  check: [p('M20 6 9 17l-5-5')],
  alert: [
    p('M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z'),
    p('M12 9v4M12 17h.01'),
  ],
  info: [['circle', { cx: '12', cy: '12', r: '10' }], p('M12 16v-4M12 8h.01')],
  copy: [
    ['rect', { x: '9', y: '9', width: '13', height: '13', rx: '2' }],
    p('M5 15H4a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2h9a2 2 0 0 1 2 2v1'),
  ],
  external: [p('M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6M15 3h6v6M10 14 21 3')],
  search: [['circle', { cx: '11', cy: '11', r: '7' }], p('m21 21-4.3-4.3')],
  chevronLeft: [p('m15 18-6-6 6-6')],
  chevronRight: [p('m9 18 6-6-6-6')],
  chevronDown: [p('m6 9 6 6 6-6')],
  file: [p('M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8z'), p('M14 2v6h6')],
  image: [
    ['rect', { x: '3', y: '3', width: '18', height: '18', rx: '2' }],
    ['circle', { cx: '8.5', cy: '8.5', r: '1.5' }],
    p('m21 15-5-5L5 21'),
  ],
  video: [['rect', { x: '2', y: '5', width: '14', height: '14', rx: '2' }], p('m22 7-6 5 6 5z')],
  audio: [
    p('M9 18V5l12-2v13'),
    ['circle', { cx: '6', cy: '18', r: '3' }],
    ['circle', { cx: '18', cy: '16', r: '3' }],
  ],
  document: [
    p('M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8z'),
    p('M14 2v6h6M16 13H8M16 17H8M10 9H8'),
  ],
  offline: [
    p(
      'M1 1l22 22M16.7 11.1A11 11 0 0 1 19 12.6M5 12.6a11 11 0 0 1 5.2-2.5M10.7 5.1A16 16 0 0 1 22.6 9M1.4 9a16 16 0 0 1 4.3-2.7M8.5 16.1a5 5 0 0 1 7 0M12 20h.01',
    ),
  ],
  online: [p('M5 12.6a11 11 0 0 1 14 0M1.4 9a16 16 0 0 1 21.2 0M8.5 16.1a5 5 0 0 1 7 0M12 20h.01')],
  lock: [['rect', { x: '3', y: '11', width: '18', height: '11', rx: '2' }], p('M7 11V7a5 5 0 0 1 10 0v4')],
  user: [p('M20 21v-2a4 4 0 0 0-4-4H8a4 4 0 0 0-4 4v2'), ['circle', { cx: '12', cy: '7', r: '4' }]],
  edit: [p('M12 20h9M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4z')],
  link: [
    p('M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7'),
    p('M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7'),
  ],
  sparkles: [
    p(
      'M12 3l1.9 5.1L19 10l-5.1 1.9L12 17l-1.9-5.1L5 10l5.1-1.9zM19 15l.9 2.1L22 18l-2.1.9L19 21l-.9-2.1L16 18l2.1-.9z',
    ),
  ],
  message: [p('M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z')],
  reply: [p('M9 17 4 12l5-5'), p('M20 18v-2a4 4 0 0 0-4-4H4')],
  heart: [
    p(
      'M20.8 4.6a5.5 5.5 0 0 0-7.8 0L12 5.7l-1-1.1a5.5 5.5 0 0 0-7.8 7.8l1 1.1L12 21l7.8-7.5 1-1.1a5.5 5.5 0 0 0 0-7.8z',
    ),
  ],
  story: [
    ['circle', { cx: '12', cy: '12', r: '9' }],
    ['circle', { cx: '12', cy: '12', r: '4' }],
  ],
  clock: [['circle', { cx: '12', cy: '12', r: '10' }], p('M12 6v6l4 2')],
  code: [p('m16 18 6-6-6-6M8 6l-6 6 6 6')],
  database: [
    p('M21 5c0 1.7-4 3-9 3S3 6.7 3 5s4-3 9-3 9 1.3 9 3z'),
    p('M21 12c0 1.7-4 3-9 3s-9-1.3-9-3M3 5v14c0 1.7 4 3 9 3s9-1.3 9-3V5'),
  ],
  sun: [
    ['circle', { cx: '12', cy: '12', r: '4' }],
    p('M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4'),
  ],
  moon: [p('M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z')],
  globe: [
    ['circle', { cx: '12', cy: '12', r: '10' }],
    p('M2 12h20M12 2a15 15 0 0 1 4 10 15 15 0 0 1-4 10 15 15 0 0 1-4-10 15 15 0 0 1 4-10z'),
  ],
  folder: [p('M22 19a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h5l2 3h9a2 2 0 0 1 2 2z')],
  cancel: [['circle', { cx: '12', cy: '12', r: '10' }], p('m4.9 4.9 14.2 14.2')],
  refresh: [p('M23 4v6h-6'), p('M20.5 15a9 9 0 1 1-2.1-9.4L23 10')],
  sandbox: [p('M9 3h6M10 3v6L4.5 18.5A2 2 0 0 0 6.2 21.5h11.6a2 2 0 0 0 1.7-3L14 9V3')],
  broom: [p('M19 3 9.5 12.5M7 13l4 4M3 21c2-1 3-4 4-8l4 4c-4 1-7 2-8 4z')],
  'chevron-left': [p('M15 18l-6-6 6-6')],
  'chevron-right': [p('M9 18l6-6-6-6')],
  chart: [p('M3 3v18h18'), p('M7 15l4-4 3 3 6-7')],
} satisfies Record<string, IconShape>

export type IconName = keyof typeof ICONS

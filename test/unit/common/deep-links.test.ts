// mediadeck:// links are untrusted input: the parser accepts the documented views and formats and refuses
// everything else whole; it never throws, whatever arrives.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { deepLinkInArgv, formatDeepLink, parseDeepLink } from '../../../common/deep-links'
import type { AppRoute } from '../../../common/routes'

describe('deep links', () => {
  it('reads the documented links', () => {
    expect(parseDeepLink('mediadeck://planner?date=2026-12-01')).toEqual({
      view: 'planner',
      date: '2026-12-01',
    })
    expect(parseDeepLink('mediadeck://automations/64f1c2aa09b3e1d2c3f4a5b6')).toEqual({
      view: 'automations',
      id: '64f1c2aa09b3e1d2c3f4a5b6',
    })
    expect(parseDeepLink('mediadeck://library')).toEqual({ view: 'library' })
    expect(parseDeepLink('mediadeck://inbox')).toEqual({ view: 'inbox' })
    // Windows adds a slash after the host when the link is typed without one.
    expect(parseDeepLink('mediadeck://library/')).toEqual({ view: 'library' })
    expect(parseDeepLink('MEDIADECK://Planner')).toEqual({ view: 'planner' })
  })

  it.each([
    'mediadeck://planner?date=2026-02-30',
    'mediadeck://planner?date=2026-12-01&date=2026-12-02',
    'mediadeck://planner?date=2026-12-01&x=1',
    'mediadeck://planner?date=%32026-12-01',
    'mediadeck://automations/../../etc/passwd',
    'mediadeck://automations/a%2Fb',
    'mediadeck://automations/id?open=1',
    'mediadeck://library/extra',
    'mediadeck://inbox/extra',
    'mediadeck://inbox?id=1',
    'mediadeck://admin',
    'mediadeck://user:pass@library',
    'mediadeck://library#x',
    'mediadeck:library',
    'https://planner?date=2026-12-01',
    'javascript:alert(1)//mediadeck://library',
    ` mediadeck://library`,
    `mediadeck://library\n`,
    `mediadeck://automations/${'a'.repeat(65)}`,
    `mediadeck://planner?date=2026-12-01${'&'.repeat(600)}`,
  ])('refuses %j', (link) => {
    expect(parseDeepLink(link)).toBeNull()
  })

  it('refuses what is not a string', () => {
    for (const value of [undefined, null, 42, {}, ['mediadeck://library']])
      expect(parseDeepLink(value)).toBeNull()
  })

  it('never throws, and anything it accepts is a well-formed route (fuzz)', () => {
    const views = fc.constantFrom('planner', 'automations', 'library', 'settings', 'inbox', 'x')
    const noise = fc.string({ maxLength: 80, unit: 'binary' })
    const linkish = fc.tuple(views, noise).map(([view, rest]) => `mediadeck://${view}${rest}`)
    fc.assert(
      fc.property(fc.oneof(noise, linkish), (input) => {
        const route = parseDeepLink(input)
        if (route === null) return
        expect(['planner', 'automations', 'library', 'settings', 'inbox']).toContain(route.view)
        for (const value of Object.values(route)) expect(value).toMatch(/^[A-Za-z0-9_-]+$/)
        // An accepted link says the same thing when written back out.
        expect(parseDeepLink(formatDeepLink(route))).toEqual(route)
      }),
      { numRuns: 1000 },
    )
  })

  it('round-trips every route it can write (fuzz)', () => {
    const id = fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/)
    const date = fc
      .date({
        min: new Date('2000-01-01T00:00:00Z'),
        max: new Date('2100-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString().slice(0, 10))
    const route: fc.Arbitrary<AppRoute> = fc.oneof(
      fc.record({ view: fc.constant('planner' as const), date, postId: id }, { requiredKeys: ['view'] }),
      fc.record({ view: fc.constant('automations' as const), id }, { requiredKeys: ['view'] }),
      fc.constant({ view: 'library' as const }),
      fc.constant({ view: 'settings' as const }),
      fc.constant({ view: 'inbox' as const }),
    )
    fc.assert(
      fc.property(route, (r) => {
        expect(parseDeepLink(formatDeepLink(r))).toEqual(r)
      }),
      { numRuns: 1000 },
    )
  })

  it('finds the link among command-line arguments', () => {
    expect(deepLinkInArgv(['/opt/Mediadeck/mediadeck', '--hidden', 'mediadeck://library'])).toBe(
      'mediadeck://library',
    )
    expect(deepLinkInArgv(['/opt/Mediadeck/mediadeck'])).toBeUndefined()
  })
})

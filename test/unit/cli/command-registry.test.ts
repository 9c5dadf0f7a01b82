// The registry is what `--help` prints without loading any command: each entry must say exactly what its module
// says (words, usage, summary), and must load a runnable command.
import { describe, expect, it } from 'vitest'
import { COMMAND_REGISTRY, lazy } from '../../../main/cli/command-registry'
import type { CliCommand } from '../../../main/cli/context'

describe('command registry', () => {
  it.each(COMMAND_REGISTRY.map((entry) => [entry.usage, entry] as const))(
    'lists %s as its module does',
    async (_usage, entry) => {
      const command = await entry.load()
      expect(typeof command.run).toBe('function')
      expect({ name: entry.name, usage: entry.usage, summary: entry.summary }).toEqual({
        name: command.name,
        usage: command.usage,
        summary: command.summary,
      })
    },
  )

  it('names each command once', () => {
    const names = COMMAND_REGISTRY.map((entry) => entry.name.join(' '))
    expect(new Set(names).size).toBe(names.length)
  })

  it('takes the command words from the leading lowercase words of the usage', async () => {
    const command: CliCommand = { name: ['x', 'y'], usage: 'x y ID', summary: 's', run: async () => 0 }
    const entry = lazy('report retry ID [--json]', 's', async () => ({ command }), 'command')
    expect(entry.name).toEqual(['report', 'retry'])
    expect(lazy('sync', 's', async () => ({ command }), 'command').name).toEqual(['sync'])
    expect(await entry.load()).toBe(command)
  })
})

// ESLint flat config: typescript-eslint for every .ts file, eslint-plugin-vue for the renderer's SFCs,
// and eslint-config-prettier last so formatting is Prettier's job alone.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import pluginVue from 'eslint-plugin-vue'
import prettier from 'eslint-config-prettier'
import globals from 'globals'
import { DATA_LAYER, SQL_START } from './scripts/data-layer.mjs'

/**
 * The layers of the code and what each may not import (ESLint's no-restricted-imports). Ours are matched by the folder a
 * relative import climbs into: no folder inside a layer shares a name with a layer, so `../../host/x` from
 * anywhere in main/core means main/host. `electron` is reachable only from main/app and preload.
 */
const OURS = (...folders) => `^(\\.\\./)+(${folders.join('|')})(/|$)`
/** renderer/lib/mediadeck.ts, the door to main, as imported from anywhere in the renderer (`./mediadeck` from lib/). */
const MEDIADECK_DOOR = '(^|/)lib/mediadeck(\\.ts)?$|^\\.\\.?/mediadeck(\\.ts)?$'
const LAYERS = [
  {
    files: ['common/**/*.ts'],
    why: 'common is shared by every process and imports nothing of ours, nor electron, node or vue',
    forbid: [OURS('main', 'preload', 'renderer', 'sandbox'), '^electron$', '^vue$', '^node:'],
  },
  {
    files: ['main/core/**/*.ts'],
    why: 'main/core runs in plain Node (CLI, browser mode, tests): it imports only common, and ports from main/core/ports.ts',
    forbid: [
      OURS('host', 'handlers', 'app', 'ipc', 'cli', 'browser-mode', 'preload', 'renderer', 'sandbox'),
      '^electron$',
    ],
  },
  {
    files: ['main/handlers/**/*.ts'],
    why: 'handlers use only the ports they are given (main/core/ports.ts) and common/core',
    forbid: [
      OURS('host', 'app', 'ipc', 'cli', 'browser-mode', 'preload', 'renderer', 'sandbox'),
      '^electron$',
    ],
  },
  {
    files: ['main/cli/**/*.ts'],
    why: 'the CLI runs the core in plain Node',
    forbid: [OURS('host', 'handlers', 'app', 'ipc', 'browser-mode', 'preload', 'renderer'), '^electron$'],
  },
  {
    files: ['main/host/**/*.ts', 'main/ipc/**/*.ts', 'main/browser-mode/**/*.ts'],
    why: 'the host and its transports are Electron-free: electron is reached through main/app',
    forbid: [OURS('app', 'cli', 'preload', 'renderer'), '^electron$'],
  },
  {
    files: ['preload/**/*.ts'],
    why: 'the preload exposes the contract of common and nothing else',
    forbid: [OURS('main', 'renderer', 'sandbox')],
  },
  {
    files: ['renderer/**/*.{ts,vue}'],
    why: 'the renderer talks only to window.mediadeck, typed by common, and only its stores call it: views, components and composables ask a store (docs/architecture.md)',
    forbid: [OURS('main', 'preload', 'sandbox'), '^electron$', MEDIADECK_DOOR],
  },
  {
    // The planner's logic a store uses (the calendar, the campaign cards, the composer's form) is in lib/planner/,
    // which imports no component either, and does not call main.
    files: ['renderer/lib/planner/**/*.ts'],
    why: 'the renderer talks only to window.mediadeck, through its stores, and no store imports a component or a view (docs/architecture.md)',
    forbid: [OURS('main', 'preload', 'sandbox', 'components', 'views'), '^electron$', MEDIADECK_DOOR],
  },
  {
    files: ['renderer/stores/**/*.ts'],
    why: 'the renderer talks only to window.mediadeck, through its stores, and no store imports a component or a view (docs/architecture.md)',
    forbid: [OURS('main', 'preload', 'sandbox', 'components', 'views'), '^electron$'],
  },
]

/** The raw database handle, and node:sqlite under it: the data layer's alone (scripts/data-layer.mjs). */
const RAW_HANDLE = [
  {
    regex: '(^|/)db/(handle|sqlite)$|^node:sqlite$',
    message:
      'the raw database handle is the data layer’s: go through the table’s repository (docs/data-layer.md, "Tables, and who writes them")',
  },
]
const NO_ROW_CASTS = [
  {
    selector: 'TSAsExpression > CallExpression.expression[callee.property.name=/^(get|all)$/]',
    message:
      'a row is read through its table’s declaration (readRows/readRow, or parseRows/parseRow with columnsOf, in main/core/db/rows.ts), not cast: on disk it can have any shape',
  },
]
const NO_SQL = [
  {
    selector: `Literal[value=/${SQL_START}/]`,
    message: 'SQL belongs to the table’s repository (scripts/data-layer.mjs, docs/data-layer.md)',
  },
  {
    selector: `TemplateLiteral > TemplateElement:first-child[value.raw=/${SQL_START}/]`,
    message: 'SQL belongs to the table’s repository (scripts/data-layer.mjs, docs/data-layer.md)',
  },
]
export default tseslint.config(
  { ignores: ['node_modules', 'out', 'dist', 'release', 'coverage', '.test-results', 'bench/results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...pluginVue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.vue'] } },
  },
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    files: ['renderer/**/*.{ts,vue}', 'test/renderer/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Type-aware rules: a promise nobody awaits loses its rejection (no-floating-promises), and an async
    // function where a void callback is expected runs unawaited (no-misused-promises). They need the types,
    // so these files are parsed with the TypeScript project they belong to (tsconfig.json's references).
    files: [
      '{common,main,preload,renderer,sandbox}/**/*.{ts,vue}',
      'test/**/*.ts',
      'bench/**/*.ts',
      'scripts/**/*.ts',
    ],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  // Each layer's imports; outside the data layer (scripts/data-layer.mjs) also the raw database handle. A file's
  // no-restricted-imports is the last config's that matches it, so the data layer's rule repeats the layer's.
  ...LAYERS.flatMap(({ files, why, forbid }) => {
    const patterns = forbid.map((regex) => ({ regex, message: why }))
    return [
      { files, rules: { 'no-restricted-imports': ['error', { patterns }] } },
      {
        files,
        ignores: DATA_LAYER,
        rules: { 'no-restricted-imports': ['error', { patterns: [...patterns, ...RAW_HANDLE] }] },
      },
    ]
  }),
  {
    // The door itself is the one place that reads window.mediadeck (at call time, so a test's fake is seen).
    files: ['renderer/**/*.{ts,vue}'],
    ignores: ['renderer/lib/mediadeck.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['window', 'globalThis', 'self'].map((object) => ({
          object,
          property: 'mediadeck',
          message:
            'window.mediadeck is called by the stores, through renderer/lib/mediadeck.ts (docs/architecture.md)',
        })),
      ],
    },
  },
  {
    files: ['main/app/**/*.ts', 'main/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: RAW_HANDLE }] },
  },
  {
    // SQL is written in the data layer alone (docs/data-layer.md, "Tables, and who writes them"), and a row
    // is read through its table's declaration, never cast: on disk it can have any shape.
    // A shipped migration is never edited (CONTRIBUTING.md, "Database migrations"), casts and all.
    files: ['main/**/*.ts'],
    ignores: ['main/core/db/migrations/**'],
    rules: { 'no-restricted-syntax': ['error', ...NO_ROW_CASTS] },
  },
  {
    files: ['main/**/*.ts'],
    ignores: DATA_LAYER,
    rules: { 'no-restricted-syntax': ['error', ...NO_ROW_CASTS, ...NO_SQL] },
  },
  prettier,
)

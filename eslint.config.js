// @ts-check
import js from '@eslint/js'
import { defineConfig } from 'eslint/config'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import { addressConfigs, layerConfigs, PURE } from './scripts/layers.js'

const TESTS = ['**/*.test.ts', '**/*.test.tsx']
// The pure core (sim, timeline, explore, viz/layout, link, tour/chapters): scripts/layers.js
// says which folders are pure and what each may import.
const CORE = [...PURE]

const HOST = 'the core is deterministic and host-free: time and randomness come from the World'
const restrictedGlobals = [
  'Date',
  'setTimeout',
  'clearTimeout',
  'setInterval',
  'clearInterval',
  'setImmediate',
  'queueMicrotask',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'performance',
  'window',
  'document',
  'navigator',
  'localStorage',
  'sessionStorage',
  'fetch',
  'crypto',
  'process',
  'globalThis',
].map((name) => ({ name, message: HOST }))

export default defineConfig(
  {
    ignores: [
      'dist/',
      'dist-manifests/',
      'dist-cli/',
      'dist-react/',
      'node_modules/',
      'playwright-report/',
      'test-results/',
      'coverage/',
      'bench/tmp/',
      '.sites/',
      // Scratch scripts, never committed (.gitignore).
      'e2e/.*.tmp.mts',
    ],
  },

  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
        },
      ],
    },
  },

  // Plain JavaScript (bin/, config files) is in no tsconfig: lint it without type information.
  {
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: globals.node },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'off',
    },
  },

  // types/ holds ambient declarations for tsconfig.core.json only (tsconfig.json has the DOM's):
  // lint them without type information.
  {
    files: ['types/**/*.d.ts'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { parserOptions: { projectService: false } },
    // A global constructor is declared as `declare var` (as TypeScript's own lib files do).
    rules: { 'no-var': 'off' },
  },

  // Browser code and Node code.
  { files: ['src/**', 'public/**'], languageOptions: { globals: globals.browser } },
  {
    files: ['src/cli/**', 'bench/**', 'scripts/**', 'e2e/**', 'bin/**', '*.config.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['src/cli/**', 'bench/**', 'scripts/**', 'e2e/**', 'bin/**'],
    rules: { 'no-console': 'off' },
  },

  // React components.
  {
    files: ['**/*.tsx'],
    extends: [reactHooks.configs.flat.recommended],
  },

  // Scenario text is text: nothing in the app may parse strings as HTML or code. (Tests may
  // build their fixtures with innerHTML.)
  {
    files: ['src/**'],
    ignores: TESTS,
    rules: {
      'no-eval': 'error',
      'no-implied-eval': 'off',
      '@typescript-eslint/no-implied-eval': 'error',
      'no-new-func': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'Render text as text; never inject HTML (scenario text comes from links).',
        },
        {
          selector:
            "AssignmentExpression[left.property.name=/^(innerHTML|outerHTML)$/], CallExpression[callee.property.name='insertAdjacentHTML']",
          message: 'Render text as text; never inject HTML (scenario text comes from links).',
        },
      ],
    },
  },

  // The host helper blog pages load is held to the same rule (plain JS, no type information).
  {
    files: ['public/**/*.js'],
    rules: {
      'no-eval': 'error',
      'no-implied-eval': 'error',
      'no-new-func': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "AssignmentExpression[left.property.name=/^(innerHTML|outerHTML)$/], CallExpression[callee.property.name='insertAdjacentHTML']",
          message: 'Never inject HTML into the host page.',
        },
      ],
    },
  },

  // Only src/link reads or writes an address (before the core's globals, which replace it there).
  ...addressConfigs(),

  // Boundary of the pure core. Tests are exempt (they may use Node, fast-check, timers...).
  // What the core may import is part of the layer table below.
  {
    files: CORE,
    ignores: TESTS,
    rules: {
      'no-restricted-globals': ['error', ...restrictedGlobals],
      'no-restricted-properties': [
        'error',
        {
          object: 'Math',
          property: 'random',
          message: 'use choose() / the seeded rng in the world',
        },
      ],
    },
  },

  // Layers: which folder may import which, and which packages (scripts/layers.js, shown as the
  // module map in docs/ARCHITECTURE.md).
  ...layerConfigs(),
)

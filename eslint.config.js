// @ts-check
import js from '@eslint/js'
import { defineConfig } from 'eslint/config'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const TESTS = ['**/*.test.ts', '**/*.test.tsx']
const CORE = [
  'src/sim/**',
  'src/timeline/**',
  'src/explore/**',
  'src/viz/layout/**',
  'src/tour/chapters/**',
]
// src/sim and src/timeline may not import d3 at all; explore and viz/layout may use d3 math.
const CORE_NO_D3 = ['src/sim/**', 'src/timeline/**', 'src/tour/chapters/**']

const SHELL = 'the pure core (sim, timeline, explore, viz/layout) must not depend on the shell'

/** @param {boolean} allowD3 */
function coreImportRestrictions(allowD3) {
  const patterns = [
    { group: ['react', 'react-dom', 'react-dom/*', 'react/*'], message: SHELL },
    { group: ['zustand', 'zustand/*'], message: SHELL },
    {
      group: ['d3-selection', 'd3-transition', 'd3-zoom'],
      message: 'React owns the DOM; d3 is for math only',
    },
    { group: ['node:*', 'fs', 'fs/*', 'path', 'path/*'], message: `${SHELL} (no Node APIs)` },
    { regex: '(^|/)(ui|store)(/|$)', message: SHELL },
  ]
  if (!allowD3) {
    patterns.push({
      group: ['d3-*', 'd3'],
      message: 'sim and timeline are plain data; d3 belongs in viz',
    })
  }
  return ['error', { patterns }]
}

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
      'node_modules/',
      'playwright-report/',
      'test-results/',
      'coverage/',
      'bench/tmp/',
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

  // Boundary of the pure core. Tests are exempt (they may use Node, fast-check, timers...).
  {
    files: CORE,
    ignores: TESTS,
    rules: {
      'no-restricted-imports': coreImportRestrictions(true),
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
  {
    files: CORE_NO_D3,
    ignores: TESTS,
    rules: { 'no-restricted-imports': coreImportRestrictions(false) },
  },
)

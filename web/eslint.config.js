import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import { defineConfig, globalIgnores } from 'eslint/config'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// Import zones (ADR 0011). A feature (src/features/<name>) imports only src/components, src/lib,
// src/locales, src/test and itself; src/lib, src/components and src/locales import no feature and not
// src/app; src/test (the harness that renders the whole app) imports no feature. src/app composes the
// features and may import anything. Built-in no-restricted-imports, one block per feature and depth: the
// rule cannot know which feature a file is in, and a relative import leaves its feature with one more '../'
// than the file is deep in it.
const ZONES = 'see docs/adr/0011-web-architecture.md'
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
const MAX_DEPTH = 4

const restrictImports = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] })

const featureZones = FEATURES.flatMap((feature) =>
  Array.from({ length: MAX_DEPTH + 1 }, (_, depth) => ({
    files: [`src/features/${feature}/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: restrictImports(
      {
        regex: `^@/features/(?!${feature}(/|$))`,
        message: `src/features/${feature} may not import another feature: move what both need into src/components or src/lib (${ZONES}).`,
      },
      { regex: '^@/app(/|$)', message: `A feature may not import src/app, which composes the features (${ZONES}).` },
      {
        regex: `^(\\.\\./){${depth + 1},}`,
        message: `A relative import may not climb out of src/features/${feature}: what it needs belongs in src/components or src/lib (${ZONES}).`,
      },
    ),
  })),
)

const sharedZones = [
  {
    files: ['src/lib/**/*.{ts,tsx}', 'src/components/**/*.{ts,tsx}', 'src/locales/**/*.{ts,tsx}'],
    rules: restrictImports({
      regex: '^(@/|(\\.\\./)+)(features|app)(/|$)',
      message: `src/lib, src/components and src/locales serve the features and may not import them or src/app (${ZONES}).`,
    }),
  },
  {
    files: ['src/test/**/*.{ts,tsx}'],
    rules: restrictImports({
      regex: '^(@/|(\\.\\./)+)features(/|$)',
      message: `src/test serves every feature's tests and may not import a feature (${ZONES}).`,
    }),
  },
]

export default defineConfig([
  globalIgnores(['dist', 'test-results', 'playwright-report', 'src/lib/api/schema.d.ts']),
  {
    // The app itself: type-aware rules, browser globals, the rules of hooks and React Compiler checks.
    files: ['src/**/*.{ts,tsx}'],
    extends: [
      js.configs.recommended,
      tseslint.configs.strictTypeChecked,
      tseslint.configs.stylisticTypeChecked,
      reactHooks.configs.flat['recommended-latest'],
    ],
    languageOptions: {
      globals: globals.browser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
    },
  },
  ...featureZones,
  ...sharedZones,
  {
    // Plain scripts that public/ serves as they are (no bundling) to the browser.
    files: ['public/**/*.js'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.browser, sourceType: 'script' },
  },
  {
    // The service worker's source, which the build copies into dist/sw.js (pwa/plugin.ts).
    files: ['pwa/sw.js'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.serviceworker, sourceType: 'script' },
  },
  {
    // Tooling that runs in Node: config files, scripts, the end-to-end suite.
    files: ['**/*.{js,mjs,cjs,ts}'],
    ignores: ['src/**', 'public/**', 'pwa/sw.js'],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    languageOptions: { globals: globals.node },
  },
])

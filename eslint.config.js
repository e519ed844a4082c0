// Lint enforces the architecture's import directions (docs/architecture.md).
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const reactHooks = require('eslint-plugin-react-hooks');
const testingLibrary = require('eslint-plugin-testing-library');
const jestDom = require('eslint-plugin-jest-dom');
const { importX } = require('eslint-plugin-import-x');
const { createTypeScriptImportResolver } = require('eslint-import-resolver-typescript');
const prettier = require('eslint-config-prettier');
const globals = require('globals');

const features = [
  'auth',
  'dashboard',
  'permits',
  'guide',
  'settings',
  'accessibility',
  'visitor-passes',
];

module.exports = tseslint.config(
  { ignores: ['node_modules', 'dist', '.data', 'coverage', 'server/db/migrations', 'locales'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver()] },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-self-import': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.{js,cjs}'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'public/**/*.js', 'test/screens/**'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'react',
                'react-*',
                'axios',
                'firebase',
                'firebase/*',
                '@chakra-ui/*',
                '@xstate/react',
              ],
              message: 'machines/ is framework-free: side effects are actors the app provides.',
            },
            {
              group: ['**/src/**', '**/server/**'],
              message: 'machines/ never imports the app or the server.',
            },
            {
              group: ['**/test/**'],
              message:
                'Nothing outside test/ imports a test: tests and scripts meet in machines/flow-models/.',
            },
            {
              group: ['**/contract/openapi'],
              message: 'The published document is the host’s; the app never carries it.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/test/**'],
              message:
                'Nothing outside test/ imports a test: tests and scripts meet in machines/flow-models/.',
            },
          ],
        },
      ],
    },
  },
  {
    // The contract is what the web app and the reference API host agree on: the zod schemas of
    // every request and answer, the plain rules both sides apply, the status list and London's
    // clock-change rule (docs/decisions/020-zod-for-the-contract-yup-for-the-forms.md).
    files: ['contract/**/*.ts'],
    ignores: ['contract/openapi.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\./|luxon$|zod$)',
              message: 'contract/ depends on nothing but itself, zod and luxon.',
            },
          ],
        },
      ],
    },
  },
  {
    // The published document is made from the schemas; neither side of the app imports it.
    files: ['contract/openapi.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\./|zod$|zod-openapi$)',
              message: 'contract/openapi.ts depends on the schemas, zod and zod-openapi only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/src/**', '**/machines/**'],
              message: 'The reference API host never imports the web app.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`],
              message: 'Features may not import each other.',
            })),
            {
              target: [
                './src/api',
                './src/identity',
                './src/shell',
                './src/shared',
                './src/config.ts',
              ],
              from: './src/features',
              message: 'Only the page list in src/shell/pages.ts may reach into features.',
              except: [],
            },
            { target: './src', from: './server', message: 'The web app never imports the server.' },
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['firebase', 'firebase/*'],
              message: 'Firebase sits behind src/identity/ only.',
            },
            {
              group: ['**/contract/openapi'],
              message: 'The published document is the host’s; the app never carries it.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/identity/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['src/shell/pages.ts'],
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
  {
    files: ['test/screens/**'],
    ...testingLibrary.configs['flat/react'],
  },
  {
    files: ['test/screens/**'],
    ...jestDom.configs['flat/recommended'],
  },
  {
    files: ['test/**'],
    languageOptions: { globals: { ...globals.jest } },
  },
  prettier,
);

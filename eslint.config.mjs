// One lint for the whole workspace: typescript-eslint's type-checked rules, the rules of hooks and
// jsx-a11y. `pnpm lint` runs it from the root; `npm test` runs it before any test.
import path from 'node:path';
import { includeIgnoreFile } from '@eslint/compat';
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  // What git ignores is no source of the project's: installs, builds, data, and what `npm start`
  // writes into the checkout (the store of releases, `.releases/`), which `npm test` then met.
  includeIgnoreFile(path.join(import.meta.dirname, '.gitignore'), 'What git ignores'),
  // The CMS's media, beyond its uploads folder (which git ignores).
  { ignores: ['cms/public/'] },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
  },
  {
    files: ['**/*.tsx'],
    extends: [reactHooks.configs.flat.recommended, jsxA11y.flatConfigs.recommended],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // A page's router and reads are the shared ones (shared/src/router.ts, query.ts): a second
    // copy would not see the shell's location or cache. Tests and the render server hold their own.
    files: ['shell/src/**', 'mf-*/src/**', 'shared/src/**'],
    ignores: ['shared/src/router.ts', 'shared/src/query.ts', '**/*.test.ts?(x)', '**/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...['react-router', 'react-router-dom'].map((name) => ({ name, message: 'Import @blog/shared/router.' })),
            { name: '@tanstack/react-query', message: 'Import @blog/shared/query.' },
          ],
        },
      ],
    },
  },
  {
    // The render server's routes never import each other: what two share is a plugin (plugins/).
    // A route's own test imports the route it tests.
    files: ['render-server/src/routes/*.ts'],
    ignores: ['render-server/src/routes/index.ts', 'render-server/src/routes/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['./*'], message: 'A route imports no other route: make what they share a plugin (plugins/).' },
          ],
        },
      ],
    },
  },
  {
    // The build and run scripts are JavaScript, outside every TypeScript project.
    files: ['**/*.{js,cjs,mjs}'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    // CommonJS modules load each other with require(); that rule is for TypeScript's own imports.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);

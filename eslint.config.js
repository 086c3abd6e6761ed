// @ts-check
import { readdirSync } from 'node:fs';
import path from 'node:path';

import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { config as defineTsConfig, configs as tsConfigs } from 'typescript-eslint';

const root = import.meta.dirname;

// Layering of apps/web/src (docs/architecture.md): app/ wires, features/<f> are capabilities that
// never import each other, components/ and lib/ are shared pieces that know nothing of either.
// The feature list is read from the folder itself, so a new feature is covered the day it appears.
const web = 'apps/web/src';
const features = readdirSync(path.join(root, web, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

/** @type {{ target: string | string[]; from: string | string[]; except?: string[]; message: string }[]} */
const sharedZones = [
  ...features.map((feature) => ({
    target: `${web}/features/${feature}`,
    from: `${web}/features`,
    except: [`./${feature}`],
    message: 'Features never import each other: a page in app/routes composes them (docs/architecture.md).',
  })),
  {
    target: [`${web}/components`, `${web}/lib`],
    from: [`${web}/features`, `${web}/app`],
    message: 'components/ and lib/ are shared pieces: they import neither features nor the app wiring.',
  },
  {
    target: `${web}/lib`,
    from: `${web}/components`,
    message: 'lib/ holds plain helpers and hooks: it does not import components.',
  },
];
/**
 * The three apps meet only in packages/contracts (docs/architecture.md, "The seams"): none imports
 * another's source. The API serves the storefront's build, which it loads at run time, not by import.
 */
const appZones = [
  { target: 'apps/web', from: ['apps/admin', 'apps/api'], message: 'The storefront shares code with the other apps only through packages/contracts.' },
  { target: 'apps/admin', from: ['apps/web', 'apps/api'], message: 'The back office shares code with the other apps only through packages/contracts.' },
  { target: 'apps/api', from: ['apps/web/src', 'apps/admin'], message: 'The API shares code with the apps only through packages/contracts.' },
];
/** A feature reaches the app only through the one RTK Query API and the typed store hooks. */
const featureToAppZone = {
  target: `${web}/features`,
  from: `${web}/app`,
  except: ['./api.ts', './hooks.ts'],
  message: 'A feature imports only app/api.ts and app/hooks.ts from app/: the app composes features, not the reverse.',
};

// Files that build, test or measure the code rather than ship in it: they may use devDependencies.
const toolingFiles = [
  '**/*.test.{ts,tsx}',
  '**/test/**',
  '**/bench/**',
  '**/scripts/**',
  '**/*.config.{ts,js,mjs}',
  '**/build.mjs',
  'apps/web/vite/**',
  '**/*-cli.ts',
  'e2e/**',
];

/** The API's Fastify route plugins: `modules/<m>/routes.ts` and the odd `pay-routes.ts`. */
const apiRouteFiles = ['apps/api/src/**/routes.ts', 'apps/api/src/**/*-routes.ts'];

export default defineTsConfig(
  {
    ignores: ['data/**', '**/node_modules/**', '**/dist/**', '**/test-results/**', '**/playwright-report/**', 'apps/api/drizzle/**'],
  },
  js.configs.recommended,
  ...tsConfigs.strict,
  ...tsConfigs.recommendedTypeChecked,
  importX.flatConfigs.recommended,
  importX.flatConfigs.typescript,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
      parserOptions: {
        // Each file is type-checked with the tsconfig.json of its workspace; the config files that
        // no tsconfig.json includes (the web app's are in tsconfig.node.json) get that one.
        projectService: {
          allowDefaultProject: ['vitest.config.ts', 'apps/web/vite.config.ts', 'apps/web/vitest.config.ts', 'apps/web/vitest.preact.config.ts', 'apps/web/vite/*.ts', 'apps/admin/vite.config.ts', 'apps/admin/vitest.config.ts'],
          defaultProject: 'apps/web/tsconfig.node.json',
          // The web app's build and test configurations and its Vite plugins: a dozen small files.
          maximumDefaultProjectFileMatchCount_THIS_WILL_SLOW_DOWN_LINTING: 16,
        },
        tsconfigRootDir: root,
      },
    },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['packages/*/tsconfig.json', 'apps/*/tsconfig.json', 'e2e/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // Each workspace declares what its files import (the nearest package.json), so nothing
      // works only because npm hoisted another workspace's dependency to the root.
      'import-x/no-extraneous-dependencies': ['error', { devDependencies: false, includeTypes: true }],
      'import-x/no-unresolved': 'off',
      'import-x/order': [
        'error',
        {
          groups: ['builtin', 'external', 'internal', 'parent', 'sibling', 'index'],
          'newlines-between': 'always',
          alphabetize: { order: 'asc', caseInsensitive: true },
        },
      ],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: toolingFiles,
    rules: { 'import-x/no-extraneous-dependencies': ['error', { devDependencies: true, includeTypes: true }] },
  },
  {
    // The compiler already checks these on TypeScript files, and import-x/namespace is costly
    // (typescript-eslint's performance guide).
    files: ['**/*.{ts,tsx,mts,cts}'],
    rules: {
      'import-x/default': 'off',
      'import-x/namespace': 'off',
      'import-x/no-named-as-default-member': 'off',
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tsConfigs.disableTypeChecked],
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...appZones, ...sharedZones, featureToAppZone] }],
    },
  },
  {
    // The back office (apps/admin): a browser app with React's rules of hooks.
    files: ['apps/admin/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, 'import-x/no-restricted-paths': ['error', { basePath: root, zones: appZones }] },
  },
  {
    files: ['apps/api/**/*.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: appZones }] },
  },
  {
    // A test may build the whole app around the unit it tests (a store, the providers), as the
    // shared harness in src/test does; it still may not reach into another feature.
    files: ['apps/web/**/*.test.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...appZones, ...sharedZones] }],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}', '**/bench/**', '**/*-cli.ts', 'e2e/**', 'scripts/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // Fastify plugins are async functions by contract: Fastify runs a plugin that takes no `done`
    // callback by the promise it returns, so a plugin that only registers routes and hooks is
    // `async` without awaiting anything. The API's route files and its two root plugins.
    files: [...apiRouteFiles, 'apps/api/src/lib/auth.ts', 'apps/api/src/modules/admin/guard.ts'],
    rules: { '@typescript-eslint/require-await': 'off' },
  },
  {
    // Handlers stay thin (docs/architecture.md, "How a request flows"): the queries and the
    // decisions live in the module's service, which a route calls.
    files: apiRouteFiles,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*'],
              message: 'A route does not query the database: put the query in the module’s service (service.ts or a file beside it) and call that.',
            },
            {
              group: ['**/db/schema', '**/db/schema/*', '**/db/schema.ts'],
              message: 'A route does not read the tables: put the query in the module’s service (service.ts or a file beside it) and call that.',
            },
          ],
        },
      ],
    },
  },
  {
    // Tests and benchmarks may assert that something exists with `!`: a wrong guess fails loudly.
    files: ['**/*.test.{ts,tsx}', '**/test/**', '**/bench/**', 'e2e/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);

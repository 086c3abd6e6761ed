// @ts-check
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { config as defineTsConfig, configs as tsConfigs } from 'typescript-eslint';

export default defineTsConfig(
  {
    ignores: ['data/**', '**/node_modules/**', '**/dist/**', '**/test-results/**', '**/playwright-report/**', 'apps/api/drizzle/**'],
  },
  js.configs.recommended,
  ...tsConfigs.strict,
  importX.flatConfigs.recommended,
  importX.flatConfigs.typescript,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
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
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
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
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Features don't import features: pages in app/routes compose them (docs/architecture.md).
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './apps/web/src/features/catalog', from: './apps/web/src/features', except: ['./catalog'] },
            { target: './apps/web/src/features/search', from: './apps/web/src/features', except: ['./search'] },
            { target: './apps/web/src/features/auth', from: './apps/web/src/features', except: ['./auth'] },
            { target: './apps/web/src/features/cart', from: './apps/web/src/features', except: ['./cart'] },
            { target: './apps/web/src/features/wishlist', from: './apps/web/src/features', except: ['./wishlist'] },
            { target: './apps/web/src/features/checkout', from: './apps/web/src/features', except: ['./checkout'] },
            { target: './apps/web/src/features/orders', from: './apps/web/src/features', except: ['./orders'] },
            { target: './apps/web/src/features/profile', from: './apps/web/src/features', except: ['./profile'] },
            { target: './apps/web/src/features/help', from: './apps/web/src/features', except: ['./help'] },
            { target: './apps/web/src/components', from: './apps/web/src/features' },
            { target: './apps/web/src/lib', from: ['./apps/web/src/features', './apps/web/src/app', './apps/web/src/components'] },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}', '**/bench/**', '**/*-cli.ts', 'e2e/**', 'scripts/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // Tests and benchmarks may assert that something exists with `!`: a wrong guess fails loudly.
    files: ['**/*.test.{ts,tsx}', '**/test/**', '**/bench/**', 'e2e/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);

import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Import direction (style guide §1): web → contracts; server → contracts, db; contracts → nothing of ours. */
const forbid = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/data/**', 'packages/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...forbid([
        { group: ['@vigil/db', '@vigil/db/*', '@vigil/server', '**/apps/server/**', '**/packages/db/**'], message: 'The web app talks to the server only over HTTP, through @vigil/contracts.' },
      ]),
    },
  },
  {
    files: ['packages/contracts/**/*.ts'],
    rules: forbid([{ group: ['@vigil/db', '@vigil/server', '@vigil/web'], message: 'Contracts depend on nothing of ours.' }]),
  },
  {
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: forbid([
      { group: ['../*/*.repository', '../*/*.repository.ts'], message: "Call the other module's service, never its repository." },
    ]),
  },
);

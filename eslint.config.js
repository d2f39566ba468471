import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/build/**',
      '**/dist/**',
      'data/**',
      'web/.react-router/**',
      'test-results/**',
      'playwright-report/**',
      'e2e/test-results/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // The web app talks to the server over HTTP only.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '@cuewave/server', '@cuewave/server/*'],
              message: 'web never imports server code',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/app/components/ui/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/features/**', '~/features/**'], message: 'ui primitives never import features' },
            {
              group: ['**/server/**', '@cuewave/server', '@cuewave/server/*'],
              message: 'web never imports server code',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/server/**', '**/web/**', '@cuewave/*'], message: 'contract depends on zod alone' }],
        },
      ],
    },
  },
);

import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * The server's floors (docs/architecture.md#floors): http -> domain -> db and adapters, and nothing outside
 * server/ except the shared rules in core/ (imported as @core/...). Relative imports are matched by how
 * far they climb: from a file `depth` folders below the repository root, that many `../` leave server/.
 */
const leavesServer = (depth) => ({
  regex: `^(\\.\\./){${depth},}`,
  message: 'Server code imports only from server/ and @core/: never the web app in src/.',
});
const webAlias = { regex: '^@/', message: 'Server code never imports the web app (@/ is src/).' };
const floor = (name, who) => ({
  regex: `(^|/)${name}(/|$)`,
  message: `${who} sit below ${name}/: move what both need down a floor instead.`,
});
const serverFloors = (depth, ...below) => ({
  'no-restricted-imports': ['error', { patterns: [leavesServer(depth), webAlias, ...below] }],
});

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'build/**',
      'node_modules/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'src/api/generated.ts',
      'server/src/contract/types.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // A leading underscore marks a parameter or binding that is deliberately unused.
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/unit/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    // Build and tool scripts run in Node.
    files: ['*.{js,mjs,cjs,ts}', 'scripts/**/*.{js,mjs}'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        __dirname: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
      },
    },
  },
  {
    files: ['server/src/*.ts', 'server/test/*.ts'],
    rules: serverFloors(2),
  },
  {
    files: ['server/src/http/**/*.ts', 'server/src/contract/**/*.ts'],
    rules: serverFloors(3),
  },
  {
    files: ['server/src/domain/**/*.ts'],
    rules: serverFloors(3, floor('http', 'Domain rules')),
  },
  {
    files: ['server/src/db/**/*.ts', 'server/src/adapters/**/*.ts'],
    rules: serverFloors(
      3,
      floor('http', 'The database and adapters'),
      floor('domain', 'The database and adapters'),
    ),
  },
);

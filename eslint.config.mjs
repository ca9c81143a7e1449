import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import importCycles from './scripts/lint/importCycles.mjs';
import serverRooms from './scripts/lint/serverRooms.mjs';

/** The project's own rules: no import cycles, and the server's rooms as allow-lists. */
const house = { rules: { ...importCycles.rules, ...serverRooms } };

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
const throughSiteDoor = (name) => ({
  regex: `(^|/)${name}(/|$)`,
  message: `Sandbox code reaches the site's ${name}/ only through sandbox/site.ts, the one door between them.`,
});
const serverFloors = (depth, ...below) => ({
  'no-restricted-imports': ['error', { patterns: [leavesServer(depth), webAlias, ...below] }],
});

// The web app's floors (docs/architecture.md): core, lib, api, i18n -> ui -> features -> layout -> app.
// A module may import from its own floor and the floors below it, never from above; features never import
// each other. Types of the store (app/store) may be imported from anywhere: they carry no code.
const FLOORS_ABOVE = {
  'src/lib': ['ui', 'features', 'layout', 'app'],
  'src/api': ['ui', 'features', 'layout', 'app'],
  'src/i18n': ['ui', 'features', 'layout', 'app'],
  'src/ui': ['features', 'layout', 'app'],
  'src/layout': ['app'],
};
const FEATURES = readdirSync('src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const above = (floors) =>
  floors.map((floor) => ({
    group: [`@/${floor}`, `@/${floor}/**`, ...(floor === 'app' ? ['!@/app/store'] : [])],
    message: `The ${floor}/ floor is above this one (docs/architecture.md): move what both need down a floor.`,
  }));
const STORE_TYPES = {
  group: ['@/app/store'],
  allowTypeImports: true,
  message: 'Only the store types may be imported below app/.',
};
const EVERYWHERE = [
  {
    group: ['../*', '../**'],
    message: 'Import through the @/ or @core/ alias so the floors can be checked.',
  },
  {
    group: ['@/api/*'],
    message: "Import the API from '@/api': its cache policy must wrap every hook.",
  },
];
/**
 * The player site never reaches the staff screens (spec §6): nothing of them in its route table or bundle,
 * nor the staff lists of core/ (their names would sit in the player site's files). A type import carries
 * no code: src/api/errors.ts names the staff error codes' type to keep its own list complete.
 */
const NOT_THE_BACK_OFFICE = {
  group: ['@/backoffice', '@/backoffice/**', '@core/staffOperations', '@core/staffRoles'],
  allowTypeImports: true,
  message:
    'The player site imports nothing of the back office (src/backoffice, core/staffOperations, core/staffRoles), its own build for staff.',
};
/**
 * The back office is its own app: its own files, core/ and the few form and locale helpers it shares with
 * the player site, nothing of the player site's store, API client, pages or shell.
 */
const BACK_OFFICE_ONLY = {
  regex: '^@/(?!(backoffice(/.*)?|ui/form/validateWithYup|ui/form/fieldError|i18n/antdLao)$)',
  message:
    'The back office imports its own files, @core and only @/ui/form/validateWithYup, @/ui/form/fieldError and @/i18n/antdLao of the player site.',
};
const PLAIN_REDUX_HOOKS = {
  name: 'react-redux',
  importNames: ['useDispatch', 'useSelector', 'useStore'],
  message: "Use the typed hooks of '@/lib/storeHooks' (the back office: '@/backoffice/storeHooks').",
};

/** One rule entry per directory: ESLint replaces (never merges) a rule's options between blocks. */
function floorRule(patterns, { plainHooks = false, parentImports = false, player = true } = {}) {
  const everywhere = [
    ...(parentImports ? EVERYWHERE.slice(1) : EVERYWHERE),
    ...(player ? [NOT_THE_BACK_OFFICE] : []),
  ];
  return {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      { patterns: [...everywhere, ...patterns], paths: plainHooks ? [] : [PLAIN_REDUX_HOOKS] },
    ],
  };
}

const webFloors = [
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: floorRule([]),
  },
  ...Object.entries(FLOORS_ABOVE).map(([dir, floors]) => ({
    files: [`${dir}/**/*.{ts,tsx}`],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: floorRule([...above(floors), STORE_TYPES]),
  })),
  ...FEATURES.map((feature) => ({
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: floorRule([
      ...above(['layout', 'app']),
      STORE_TYPES,
      {
        group: ['@/features/*', '@/features/**', `!@/features/${feature}`, `!@/features/${feature}/**`],
        message: 'Features never import each other: move what both need down to ui/ or lib/.',
      },
    ]),
  })),
  {
    files: ['src/backoffice/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: floorRule([BACK_OFFICE_ONLY], { player: false }),
  },
  {
    // The back office's typed hooks: the only file of it that wraps react-redux's plain hooks.
    files: ['src/backoffice/storeHooks.ts'],
    rules: floorRule([BACK_OFFICE_ONLY], { player: false, plainHooks: true }),
  },
  {
    // The typed hooks' home: the only place that wraps react-redux's plain hooks.
    files: ['src/lib/storeHooks.ts'],
    rules: floorRule([...above(FLOORS_ABOVE['src/lib']), STORE_TYPES], { plainHooks: true }),
  },
  {
    // Tests reach fixtures under tests/unit by relative path.
    files: ['src/**/*.test.{ts,tsx}', 'tests/unit/**/*.{ts,tsx}'],
    rules: floorRule([], { parentImports: true, player: false }),
  },
  {
    // Rules both sides use: no React, no Fastify, nothing from the web app or the server.
    files: ['core/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/*', '../*', 'react', 'react-*', 'antd', 'antd/*', 'fastify', '@fastify/*'],
              message:
                'core/ holds plain rules shared by the web app and the server: import nothing of either.',
            },
          ],
        },
      ],
    },
  },
];

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
      'src/backoffice/api/generated.ts',
      'core/contract.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // No import cycles anywhere: the web app, the server, core/, the studio, the tests and the tools.
    files: ['**/*.{ts,tsx,mts}'],
    plugins: { house },
    rules: { 'house/no-import-cycle': 'error' },
  },
  {
    // The server's rooms, each naming what it may import (scripts/lint/serverRooms.mjs).
    files: ['server/src/**/*.ts'],
    rules: { 'house/server-rooms': 'error' },
  },
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
  ...webFloors,
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
    files: ['server/src/http/**/*.ts'],
    rules: serverFloors(3),
  },
  {
    // The binder knows the contract; the site's session check is handed to it (app.ts).
    files: ['server/src/contract/**/*.ts'],
    rules: serverFloors(3),
  },
  {
    // The sandbox providers and their studio play for the site as a real provider would: whatever they
    // use of its domain or HTTP layer goes through the one door, sandbox/site.ts.
    files: ['server/src/sandbox/*/**/*.ts'],
    rules: serverFloors(4, throughSiteDoor('http'), throughSiteDoor('domain')),
  },
  {
    files: ['server/src/sandbox/*.ts'],
    rules: serverFloors(3),
  },
  {
    // The operator's commands sit beside the HTTP layer, over the domain: neither uses the other, and the
    // studio's insides are the sandbox's own.
    files: ['server/src/ops/**/*.ts'],
    rules: serverFloors(3, floor('studio', 'Operator commands')),
  },
  {
    // The studio page runs in the player's browser: it shares rules with the server through core/ only.
    files: ['studio/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./){2,}',
              message:
                'The studio page imports only studio/ and @core/: what it shares with the server lives in core/.',
            },
            { regex: '^@/', message: 'The studio page never imports the web app (@/ is src/).' },
          ],
        },
      ],
    },
  },
  {
    // Which rooms the domain's areas may import is house/server-rooms; this keeps them inside server/.
    files: ['server/src/domain/**/*.ts'],
    rules: serverFloors(4),
  },
  {
    files: ['server/src/db/**/*.ts', 'server/src/adapters/**/*.ts'],
    rules: serverFloors(3),
  },
);

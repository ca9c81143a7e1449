const swc = ['@swc/jest', { jsc: { transform: { react: { runtime: 'automatic' } } } }];

// Plain JavaScript so Jest needs no TypeScript loader for its own configuration.
// Two projects: the web app in a browser-like environment, the server on a real database in Node.
/** @type {import('jest').Config} */
const config = {
  maxWorkers: 2,
  projects: [
    {
      displayName: 'web',
      testEnvironment: 'jest-fixed-jsdom',
      testEnvironmentOptions: { customExportConditions: [''] },
      roots: ['<rootDir>/src', '<rootDir>/tests/unit'],
      setupFiles: ['<rootDir>/tests/unit/antdStaticStyles.ts'],
      // Every test fails on console output it did not expect (tests/support/consoleGuard.ts).
      setupFilesAfterEnv: ['<rootDir>/tests/support/installConsoleGuard.ts', '<rootDir>/jest.setup.ts'],
      moduleNameMapper: {
        // First, before the alias and the generic CSS rule: a CSS module's classes read as written
        // (tests/unit/cssModuleStub.ts).
        '\\.module\\.css$': '<rootDir>/tests/unit/cssModuleStub.ts',
        '^@/(.*)$': '<rootDir>/src/$1',
        '^@core/(.*)$': '<rootDir>/core/$1',
        // The app imports antd's ES build for tree shaking; Jest runs CommonJS.
        '^antd/es/(.*)$': 'antd/lib/$1',
        // antd's index, each component loaded when first used (tests/unit/antdOnDemand.ts).
        '^antd$': '<rootDir>/tests/unit/antdOnDemand.ts',
        // antd's token-usage recording, development only (tests/unit/antdTokenStatistic.ts), as
        // @ant-design/cssinjs-utils requires it. antd's own index, whose './statistic' is the Statistic
        // component, is never loaded here (antdOnDemand.ts).
        '^\\.(/util)?/statistic$': '<rootDir>/tests/unit/antdTokenStatistic.ts',
        '^@ant-design/icons-svg/es/(.*)$': '@ant-design/icons-svg/lib/$1',
        '\\.(css|png|svg|jpg|webp|woff2?)$': '<rootDir>/tests/unit/fileStub.ts',
      },
      transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
      transformIgnorePatterns: [
        // msw 2.15 and antd's colour helpers ship ESM-only files.
        '/node_modules/(?!(rettime|until-async|@open-draft/deferred-promise|@bundled-es-modules|msw|@mswjs|@ant-design/colors|@ant-design/fast-color)/)',
      ],
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      // core/ is pure TypeScript shared by both sides, and tests/lint checks the floors: both run here,
      // without a browser.
      // tests/contract holds the fake-against-server table: the web tests' fake API run beside the server.
      // tests/support holds the console guard and its own test.
      roots: [
        '<rootDir>/server',
        '<rootDir>/core',
        '<rootDir>/tests/lint',
        '<rootDir>/tests/contract',
        '<rootDir>/tests/support',
      ],
      setupFiles: ['<rootDir>/server/test/setup.ts'],
      setupFilesAfterEnv: ['<rootDir>/tests/support/installConsoleGuard.ts'],
      moduleNameMapper: { '^@core/(.*)$': '<rootDir>/core/$1', '^@/(.*)$': '<rootDir>/src/$1' },
      // .cjs too: PGlite's CommonJS build loads Node built-ins with import(), which Jest's VM only allows
      // with --experimental-vm-modules; swc turns those into require().
      transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.cjs$': swc, '^.+\\.mjs$': swc },
      // ESM-only: content-disposition (@fastify/static), cookie (imported dynamically by @fastify/cookie),
      // msw's helpers (the fake API in tests/contract).
      transformIgnorePatterns: [
        '/node_modules/(?!(content-disposition|cookie|@fastify/cookie|@electric-sql/pglite|rettime|until-async|@open-draft/deferred-promise|@bundled-es-modules|msw|@mswjs)/)',
      ],
      testTimeout: 60_000,
    },
  ],
};

export default config;

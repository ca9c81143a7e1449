import type { Config } from 'jest';

const swc = ['@swc/jest', { jsc: { transform: { react: { runtime: 'automatic' } } } }] as const;

// Two projects: the web app in a browser-like environment, the server on a real database in Node.
const config: Config = {
  maxWorkers: 2,
  projects: [
    {
      displayName: 'web',
      testEnvironment: 'jest-fixed-jsdom',
      testEnvironmentOptions: { customExportConditions: [''] },
      roots: ['<rootDir>/src', '<rootDir>/tests/unit'],
      setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
      moduleNameMapper: {
        '^@/(.*)$': '<rootDir>/src/$1',
        // The app imports antd's ES build for tree shaking; Jest runs CommonJS.
        '^antd/es/(.*)$': 'antd/lib/$1',
        '\\.(css|png|svg|jpg|webp|woff2?)$': '<rootDir>/tests/unit/fileStub.ts',
      },
      transform: { '^.+\\.(t|j)sx?$': swc as never, '^.+\\.mjs$': swc as never },
      transformIgnorePatterns: [
        // msw 2.15 and antd's colour helpers ship ESM-only files.
        '/node_modules/(?!(rettime|until-async|@open-draft/deferred-promise|@bundled-es-modules|msw|@mswjs|@ant-design/colors|@ant-design/fast-color)/)',
      ],
    },
    {
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/server'],
      // .cjs too: PGlite's CommonJS build loads Node built-ins with import(), which Jest's VM only allows
      // with --experimental-vm-modules; swc turns those into require().
      transform: { '^.+\\.(t|j)sx?$': swc as never, '^.+\\.cjs$': swc as never },
      // ESM-only: content-disposition (@fastify/static), cookie (imported dynamically by @fastify/cookie).
      transformIgnorePatterns: ['/node_modules/(?!(content-disposition|cookie|@fastify/cookie|@electric-sql/pglite)/)'],
      testTimeout: 60_000,
    },
  ],
};

export default config;

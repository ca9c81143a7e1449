import type { ConfigFile } from '@rtk-query/codegen-openapi';

// The generated layer is an artifact: `npm run api:gen` rewrites it, `npm test` fails when it is stale.
const config: ConfigFile = {
  schemaFile: './openapi.yaml',
  apiFile: './src/api/baseApi.ts',
  apiImport: 'baseApi',
  outputFile: './src/api/generated.ts',
  exportName: 'generatedApi',
  hooks: { queries: true, lazyQueries: true, mutations: true },
  tag: true,
};

export default config;

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
  // The studio and provider wallet calls are made by the sandbox game page and the server, never the web app;
  // the event stream is read with EventSource.
  filterEndpoints: (_name, definition) =>
    !(definition.operation.tags ?? []).some((tag) =>
      ['SandboxStudio', 'SandboxProvider', 'PlayerEvents'].includes(tag),
    ),
};

export default config;

import type { ConfigFile } from '@rtk-query/codegen-openapi';

type Definition = { operation: { tags?: string[] } };

const tagsOf = (definition: Definition) => definition.operation.tags ?? [];
/** The back office's operations: their own client, never in the player site's. */
const isStaff = (definition: Definition) => tagsOf(definition).some((tag) => tag.startsWith('Staff'));

// The generated layer is an artifact: `npm run api:gen` rewrites it, `npm test` fails when it is stale.
const config: ConfigFile = {
  schemaFile: './openapi.yaml',
  apiFile: './src/api/baseApi.ts',
  apiImport: 'baseApi',
  hooks: { queries: true, lazyQueries: true, mutations: true },
  tag: true,
  outputFiles: {
    './src/api/generated.ts': {
      exportName: 'generatedApi',
      // The studio, provider wallet and seamless wallet calls are made by game pages and providers, never the web
      // app; the event stream is read with EventSource; staff operations belong to the back office.
      filterEndpoints: (_name, definition) =>
        !isStaff(definition) &&
        !tagsOf(definition).some((tag) =>
          ['SandboxStudio', 'SandboxProvider', 'Wallet', 'Hub88', 'PlayerEvents'].includes(tag),
        ),
    },
    './src/backoffice/api/generated.ts': {
      apiFile: './src/backoffice/api/baseApi.ts',
      apiImport: 'backofficeBaseApi',
      exportName: 'generatedBackofficeApi',
      // Its event stream is read with EventSource too.
      filterEndpoints: (_name, definition) =>
        isStaff(definition) && !tagsOf(definition).includes('StaffEvents'),
    },
  },
};

export default config;

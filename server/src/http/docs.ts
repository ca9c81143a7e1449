import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import { contractSource } from '../contract/load';

/** Swagger UI's browser build, served from node_modules: no CDN, and the version the lock file pins. */
const SWAGGER_UI_DIR = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const SWAGGER_UI_VERSION = (
  JSON.parse(readFileSync(path.join(SWAGGER_UI_DIR, 'package.json'), 'utf8')) as { version: string }
).version;
/** Swagger UI's version is in its asset paths, so browsers may keep those files for good. */
const ASSETS = `/api/docs/${SWAGGER_UI_VERSION}`;
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Starts Swagger UI. A file, not an inline script: the Content-Security-Policy allows scripts from 'self'
 * only. The page passes the contract's address and the try-it switch in data attributes.
 */
const INIT_SCRIPT = `window.addEventListener('load', function () {
  var root = document.getElementById('swagger-ui');
  var tryIt = root.dataset.tryIt === 'true';
  window.ui = SwaggerUIBundle({
    url: root.dataset.contract,
    dom_id: '#swagger-ui',
    deepLinking: true,
    filter: true,
    displayOperationId: true,
    showCommonExtensions: true,
    defaultModelsExpandDepth: 1,
    // No badge fetched from validator.swagger.io: the page talks to this server only.
    validatorUrl: null,
    // Calls go out with the session cookie, like the web app's.
    withCredentials: true,
    supportedSubmitMethods: tryIt ? ['get', 'post'] : [],
  });
});
`;

function docsPage(tryIt: boolean): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>Player site API</title>
<link rel="stylesheet" href="${ASSETS}/swagger-ui.css">
</head>
<body>
<div id="swagger-ui" data-contract="/api/openapi.yaml" data-try-it="${tryIt}"></div>
<script src="${ASSETS}/swagger-ui-bundle.js"></script>
<script src="/api/docs/init.js"></script>
</body>
</html>
`;
}

/**
 * The API reference: GET /api/docs renders openapi.yaml with Swagger UI (schemas, every response of each
 * operation, examples, a filter by tag). Its try-it console sends real requests, so it is on in sandbox
 * mode only. The contract itself is served as /api/openapi.yaml and /api/openapi.json.
 */
export function registerDocs(app: FastifyInstance, config: Pick<Config, 'sandbox'>): void {
  const page = docsPage(config.sandbox);
  const { yaml: contractYaml, parsed } = contractSource();
  const contractJson = JSON.stringify(parsed);

  app.get('/api/docs', async (_req, reply) =>
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(page),
  );
  app.get('/api/openapi.yaml', async (_req, reply) =>
    reply.header('Cache-Control', 'no-cache').type('application/yaml; charset=utf-8').send(contractYaml),
  );
  app.get('/api/openapi.json', async (_req, reply) =>
    reply.header('Cache-Control', 'no-cache').type('application/json; charset=utf-8').send(contractJson),
  );
  app.get('/api/docs/init.js', async (_req, reply) =>
    reply.header('Cache-Control', 'no-cache').type('text/javascript; charset=utf-8').send(INIT_SCRIPT),
  );
  for (const [file, type] of [
    ['swagger-ui-bundle.js', 'text/javascript; charset=utf-8'],
    ['swagger-ui.css', 'text/css; charset=utf-8'],
  ] as const) {
    // Read on first request: most processes never serve the docs, and the bundle is over a megabyte.
    let content: Buffer | undefined;
    app.get(`${ASSETS}/${file}`, async (_req, reply) => {
      content ??= readFileSync(path.join(SWAGGER_UI_DIR, file));
      return reply.header('Cache-Control', IMMUTABLE).type(type).send(content);
    });
  }
}

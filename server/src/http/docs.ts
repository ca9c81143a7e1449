import type { FastifyInstance } from 'fastify';
import {
  listOperations,
  loadContract,
  type BoundOperation,
  type JsonSchema,
  type OpenApiDocument,
} from '../contract/load';

/** Escapes text for HTML element content and double-quoted attributes. */
export function escapeHtml(value: unknown): string {
  return String(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const STYLE = `
body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1f2328;background:#fff}
main{max-width:1100px;margin:0 auto;padding:24px}
nav{columns:3;margin:16px 0 32px}nav a{display:block}
h1{margin-top:0}h2{border-bottom:2px solid #d0d7de;padding-bottom:4px;margin-top:48px}
section.op{border:1px solid #d0d7de;border-radius:6px;padding:12px 16px;margin:16px 0}
.method{display:inline-block;min-width:52px;text-align:center;font-weight:700;border-radius:4px;padding:0 6px;color:#fff}
.get{background:#0969da}.post{background:#1a7f37}.put,.patch{background:#9a6700}.delete{background:#cf222e}
code,pre{font-family:ui-monospace,monospace;font-size:13px}
pre{background:#f6f8fa;padding:8px 12px;border-radius:6px;overflow-x:auto}
table{border-collapse:collapse;width:100%;margin:8px 0}th,td{border:1px solid #d0d7de;padding:4px 8px;text-align:left;vertical-align:top}
.muted{color:#656d76}a{color:#0969da}
`;

function json(value: unknown): string {
  return escapeHtml(JSON.stringify(value, null, 2));
}

/** A JSON Schema as a compact, readable outline (the schemas are already dereferenced). */
function schemaOutline(schema: JsonSchema, depth = 0): unknown {
  if (depth > 8) return '…';
  if (Array.isArray(schema.oneOf))
    return { oneOf: (schema.oneOf as JsonSchema[]).map((s) => schemaOutline(s, depth + 1)) };
  if (schema.type === 'object' && schema.properties) {
    const required = new Set((schema.required as string[] | undefined) ?? []);
    const out: Record<string, unknown> = {};
    for (const [name, prop] of Object.entries(schema.properties as Record<string, JsonSchema>)) {
      out[required.has(name) ? name : `${name}?`] = schemaOutline(prop, depth + 1);
    }
    return out;
  }
  if (schema.type === 'array' && schema.items) return [schemaOutline(schema.items as JsonSchema, depth + 1)];
  const parts = [String(schema.type ?? 'any')];
  if (schema.enum) parts.push(`one of ${(schema.enum as unknown[]).join(' | ')}`);
  if (schema.const !== undefined) parts.push(`= ${String(schema.const)}`);
  if (schema.format) parts.push(`format ${String(schema.format)}`);
  if (schema.pattern) parts.push(`pattern ${String(schema.pattern)}`);
  for (const key of ['minLength', 'maxLength', 'minimum', 'maximum'] as const) {
    if (schema[key] !== undefined) parts.push(`${key} ${String(schema[key])}`);
  }
  return parts.join(', ');
}

function renderOperation({ method, path, operation }: BoundOperation): string {
  const id = escapeHtml(operation.operationId);
  const isPublic = Array.isArray(operation.security) && operation.security.length === 0;
  const params = operation.parameters ?? [];
  const body = operation.requestBody?.content['application/json'];
  const rows = params
    .map(
      (p) =>
        `<tr><td><code>${escapeHtml(p.name)}</code></td><td>${escapeHtml(p.in)}</td><td>${p.required ? 'yes' : 'no'}</td>` +
        `<td><code>${escapeHtml(JSON.stringify(schemaOutline(p.schema)))}</code></td><td>${escapeHtml(p.description ?? '')}</td></tr>`,
    )
    .join('');
  const responses = Object.entries(operation.responses)
    .map(([status, response]) => {
      const media = response.content?.['application/json'];
      return (
        `<h4>${escapeHtml(status)} <span class="muted">${escapeHtml(response.description)}</span></h4>` +
        (media?.example !== undefined ? `<pre>${json(media.example)}</pre>` : '')
      );
    })
    .join('');
  return `<section class="op" id="${id}">
<h3><span class="method ${escapeHtml(method)}">${escapeHtml(method.toUpperCase())}</span> <code>/api${escapeHtml(path)}</code></h3>
<p><strong>${escapeHtml(operation.summary ?? '')}</strong> <span class="muted">operationId <code>${id}</code>${isPublic ? ' · no session needed' : ' · session cookie required'}</span></p>
${operation.description ? `<p>${escapeHtml(operation.description)}</p>` : ''}
${rows ? `<h4>Parameters</h4><table><tr><th>Name</th><th>In</th><th>Required</th><th>Schema</th><th>Description</th></tr>${rows}</table>` : ''}
${body ? `<h4>Request body (application/json)</h4><pre>${json(schemaOutline(body.schema))}</pre>${body.example !== undefined ? `<p class="muted">Example</p><pre>${json(body.example)}</pre>` : ''}` : ''}
<h4>Responses</h4>${responses}
</section>`;
}

/** The whole API reference as one HTML page: per tag, every operation, then the error code catalogue. */
export function renderDocs(doc: OpenApiDocument = loadContract()): string {
  const operations = listOperations(doc);
  const tags = doc.tags ?? [];
  const sections = tags
    .map((tag) => {
      const ops = operations.filter((o) => o.operation.tags.includes(tag.name));
      if (ops.length === 0) return '';
      return `<h2 id="tag-${escapeHtml(tag.name)}">${escapeHtml(tag.name)}</h2><p>${escapeHtml(tag.description ?? '')}</p>${ops.map(renderOperation).join('')}`;
    })
    .join('');
  const codes = ((doc.components.schemas.ErrorCode?.enum as string[] | undefined) ?? [])
    .map((code) => `<li><code>${escapeHtml(code)}</code></li>`)
    .join('');
  const errorShape = doc.components.schemas.Error
    ? `<pre>${json(schemaOutline(doc.components.schemas.Error))}</pre>`
    : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(doc.info.title)} ${escapeHtml(doc.info.version)}</title><style>${STYLE}</style></head>
<body><main>
<h1>${escapeHtml(doc.info.title)} <span class="muted">${escapeHtml(doc.info.version)}</span></h1>
<pre>${escapeHtml(doc.info.description ?? '')}</pre>
<nav>${tags.map((t) => `<a href="#tag-${escapeHtml(t.name)}">${escapeHtml(t.name)}</a>`).join('')}<a href="#errors">Error codes</a></nav>
${sections}
<h2 id="errors">Errors</h2><p>Every failure answers with this body; <code>code</code> is one of the codes below.</p>${errorShape}
<ul>${codes}</ul>
</main></body></html>`;
}

/** GET /api/docs: rendered once per app (the contract does not change while running). */
export function registerDocs(app: FastifyInstance): void {
  let html: string | undefined;
  app.get('/api/docs', async (_req, reply) => {
    html ??= renderDocs();
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
}

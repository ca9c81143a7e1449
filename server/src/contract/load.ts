import { createHash } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { ROOT } from '../paths';

/** The parts of an OpenAPI 3.1 document this server reads. Schemas stay plain JSON Schema objects. */
export type JsonSchema = Record<string, unknown>;

export interface ParameterObject {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  schema: JsonSchema;
  example?: unknown;
}

export interface MediaObject {
  schema: JsonSchema;
  example?: unknown;
}

export interface ResponseObject {
  description: string;
  content?: Record<string, MediaObject>;
}

export interface OperationObject {
  operationId: string;
  summary?: string;
  description?: string;
  tags: string[];
  security?: Record<string, unknown>[];
  /** The staff permission a back office operation needs (core/staffRoles.ts). */
  'x-permission'?: string;
  parameters?: ParameterObject[];
  requestBody?: { required?: boolean; content: Record<string, MediaObject> };
  responses: Record<string, ResponseObject>;
}

export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; summary?: string; description?: string };
  tags?: { name: string; description?: string }[];
  paths: Record<string, Partial<Record<HttpMethod, OperationObject>>>;
  components: { schemas: Record<string, JsonSchema> } & Record<string, unknown>;
}

/** One operation with where it lives, in document order. */
export interface BoundOperation {
  method: HttpMethod;
  path: string;
  operation: OperationObject;
}

export const CONTRACT_PATH = path.join(ROOT, 'openapi.yaml');

let cached: OpenApiDocument | undefined;
let cachedSource: ContractSource | undefined;

/** openapi.yaml as written (its text) and as parsed, with its `$ref`s left in place. */
export interface ContractSource {
  yaml: string;
  parsed: OpenApiDocument;
}

/**
 * openapi.yaml's text and its parse, once per process. Parsing the YAML takes about 300 ms on this machine
 * (JSON.parse of the same document 2 ms), paid by every server start, every crash test's child and every
 * test file: the parse is kept as JSON in the temporary folder under the hash of the text, so a changed
 * contract is parsed afresh and an unwritable folder only costs the parse.
 */
export function contractSource(file = CONTRACT_PATH): ContractSource {
  if (file === CONTRACT_PATH && cachedSource) return cachedSource;
  const yaml = readFileSync(file, 'utf8');
  const hash = createHash('sha256').update(parserVersion()).update(yaml).digest('hex').slice(0, 16);
  const cacheFile = path.join(os.tmpdir(), `player-site-contract-${hash}.json`);
  let parsed: OpenApiDocument;
  try {
    parsed = JSON.parse(readFileSync(cacheFile, 'utf8')) as OpenApiDocument;
  } catch {
    parsed = parse(yaml) as OpenApiDocument;
    keepParse(cacheFile, parsed);
  }
  const source = { yaml, parsed };
  if (file === CONTRACT_PATH) cachedSource = source;
  return source;
}

/** Another version of the YAML library may read the same text differently: it is part of the cache key. */
function parserVersion(): string {
  const manifest = path.join(path.dirname(require.resolve('yaml')), '..', 'package.json');
  return `yaml@${(JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version}`;
}

/** Writes under a temporary name, then renames: a concurrent reader never sees half a file. */
function keepParse(cacheFile: string, parsed: OpenApiDocument): void {
  const partial = `${cacheFile}.${process.pid}.partial`;
  try {
    writeFileSync(partial, JSON.stringify(parsed));
    renameSync(partial, cacheFile);
  } catch {
    // A read-only temporary folder: the next process parses again.
  }
}

/**
 * openapi.yaml parsed and with every $ref replaced by its target. The file is read once per process:
 * it is immutable input, not state, and compiled validators are cached by schema object identity.
 */
export function loadContract(file = CONTRACT_PATH): OpenApiDocument {
  if (file === CONTRACT_PATH && cached) return cached;
  const raw = contractSource(file).parsed;
  const doc = dereference(raw, raw) as OpenApiDocument;
  if (file === CONTRACT_PATH) cached = doc;
  return doc;
}

/** Every operation of the contract, in the order the paths appear. */
export function listOperations(doc: OpenApiDocument = loadContract()): BoundOperation[] {
  const out: BoundOperation[] = [];
  for (const [p, item] of Object.entries(doc.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (operation) out.push({ method, path: p, operation });
    }
  }
  return out;
}

/**
 * Replaces local `$ref`s ("#/components/…") with the referenced value. The contract has no cycles; a
 * reference chain deeper than 50 would mean one, so that is an error rather than a hang. The same target
 * object is shared by all its references, which keeps the result small.
 */
function dereference(node: unknown, root: unknown, depth = 0, memo = new Map<string, unknown>()): unknown {
  if (depth > 50) throw new Error('openapi.yaml: $ref chain too deep (circular?)');
  if (Array.isArray(node)) return node.map((item) => dereference(item, root, depth + 1, memo));
  if (node === null || typeof node !== 'object') return node;
  const obj = node as Record<string, unknown>;
  if (typeof obj.$ref === 'string') {
    const ref = obj.$ref;
    if (!memo.has(ref)) memo.set(ref, dereference(resolvePointer(root, ref), root, depth + 1, memo));
    return memo.get(ref);
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(obj)) out[key] = dereference(value, root, depth + 1, memo);
  return out;
}

function resolvePointer(root: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) throw new Error(`openapi.yaml: only local $refs are supported, got ${ref}`);
  let current: unknown = root;
  for (const rawPart of ref.slice(2).split('/')) {
    const part = rawPart.replace(/~1/g, '/').replace(/~0/g, '~');
    if (current === null || typeof current !== 'object' || !(part in current)) {
      throw new Error(`openapi.yaml: unresolved $ref ${ref}`);
    }
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { routePath } from '../src/contract/bind';
import { listOperations, loadContract, type BoundOperation, type JsonSchema } from '../src/contract/load';
import { checkResponse } from '../src/contract/validate';
import { errorStatus } from '@core/errorStatus';
import type { ErrorCode } from '../src/errors';
import { createStaffIn } from '../src/domain/staff/staffAccounts';
import { createStaffSession } from '../src/domain/staff/staffSessions';
import { STAFF_COOKIE } from '../src/http/staffAuth';
import { createTestApp, registerAndLogin, TEST_ORIGIN, type TestApp, testActor } from './helpers';
import { addAccount } from './moneyFixtures';

/**
 * Malformed input to every operation of openapi.yaml, without a session and with a player's: wrong types,
 * huge, unicode and NUL strings, long path parameters, broken JSON, wrong content types and encodings,
 * duplicate query parameters, missing and extra fields, odd numbers. Every answer must be a status the
 * operation declares (never a 5xx), and every refusal the catalogue's error body with a code whose status
 * is the one answered. The request list is built from the contract, so a new operation is covered as soon
 * as it is added.
 */

let t: TestApp;
let cookie = '';

beforeAll(async () => {
  // Sandbox mode on both databases, so the sandbox operations and the providers behind money calls answer
  // (without it a valid money call is a 503 PROVIDER_UNAVAILABLE); the last pass turns it off.
  t = await createTestApp({ env: { SANDBOX: 'true' } });
  cookie = await freshPlayer();
});
afterAll(() => t.close());

/** A signed-in player with a bank account, so money calls get past "add a bank account first". */
async function freshPlayer(): Promise<string> {
  const { cookie: session } = await registerAndLogin(t.app);
  await addAccount(t.app, session);
  return session;
}

let owners = 0;
/**
 * A signed-in owner of the back office, so staff operations get past the session to validation. The
 * session is opened directly: the loginStaff cases' refusals from this address would throttle a sign-in.
 */
async function freshOwner(): Promise<string> {
  owners += 1;
  const username = `fuzz.owner${owners}`;
  const token = await t.ctx.db.tx(async (q) => {
    await createStaffIn(q, testActor, {
      username,
      displayName: 'Fuzz',
      role: 'owner',
    });
    const r = await q.query<{ id: string }>('SELECT id FROM staff WHERE username = $1', [username]);
    return createStaffSession(q, r.rows[0]!.id, '127.0.0.1');
  });
  return `${STAFF_COOKIE}=${token}`;
}

const KB100 = 'x'.repeat(100 * 1024);
/** Under the 64 KiB body limit, so it reaches validation and the handler. */
const KB60 = 'x'.repeat(60 * 1024);
const UNICODE = '🎰ລາວ漢字\u202eÅ\u0301';

/** One request, described before encoding: values as the caller meant them. */
interface Wire {
  path: Record<string, string>;
  /** Path values sent as they are, not percent-encoded (broken escapes). */
  rawPath?: boolean;
  /** Name, value, and whether the value is sent as it is (not percent-encoded). */
  query: [string, string, boolean?][];
  headers: Record<string, string>;
  body?: string;
}

interface Case {
  name: string;
  wire: Wire;
}

const ERROR_CODES = new Set(
  (loadContract().components.schemas.ErrorCode as { enum: ErrorCode[] }).enum as string[],
);

function bodySchema(op: BoundOperation): JsonSchema | undefined {
  return op.operation.requestBody?.content['application/json']?.schema;
}

function bodyExample(op: BoundOperation): Record<string, unknown> | undefined {
  const media = op.operation.requestBody?.content['application/json'];
  if (!media) return undefined;
  const example = media.example ?? media.schema.example;
  if (!example || typeof example !== 'object')
    throw new Error(`${op.operation.operationId}: no body example`);
  return example as Record<string, unknown>;
}

function exampleOf(op: BoundOperation, name: string, where: string): string {
  const p = op.operation.parameters!.find((x) => x.name === name && x.in === where)!;
  const example = p.example ?? p.schema.example ?? (p.schema.enum as unknown[] | undefined)?.[0];
  if (example === undefined) throw new Error(`${op.operation.operationId}: no example for ${where} ${name}`);
  return String(example);
}

/** A well-formed request (the contract's examples), which each case breaks in one place. */
function baseline(op: BoundOperation): Wire {
  const params = op.operation.parameters ?? [];
  const wire: Wire = {
    path: Object.fromEntries(
      params.filter((p) => p.in === 'path').map((p) => [p.name, exampleOf(op, p.name, 'path')]),
    ),
    query: params.filter((p) => p.in === 'query').map((p) => [p.name, exampleOf(op, p.name, 'query')]),
    headers: {
      origin: TEST_ORIGIN,
      ...Object.fromEntries(
        params
          .filter((p) => p.in === 'header')
          .map((p) => [p.name.toLowerCase(), exampleOf(op, p.name, 'header')]),
      ),
    },
  };
  const example = bodyExample(op);
  if (example) {
    wire.headers['content-type'] = 'application/json';
    wire.body = JSON.stringify(example);
  }
  return wire;
}

function variant(op: BoundOperation, name: string, change: (w: Wire) => void): Case {
  const wire = structuredClone(baseline(op));
  change(wire);
  return { name, wire };
}

/** Odd values for a path or query parameter, as text (they are strings on the wire). */
const TEXT_VALUES: Record<string, string> = {
  'wrong type': 'abc',
  empty: '',
  'long 200': 'a'.repeat(200),
  'long 5000': 'a'.repeat(5000),
  unicode: UNICODE,
  NUL: '\u0000',
  negative: '-1',
  float: '1.5',
  exponent: '1e400',
  'huge number': '99999999999999999999999999',
  boolean: 'true',
  'sql quote': "x' OR '1'='1",
  'dot dot': '..',
  'encoded slash': 'a/b',
};

/** Odd percent-encoded text, sent as it is: broken escapes, and bytes that are not UTF-8. */
const RAW_TEXT_VALUES: Record<string, string> = {
  'broken escape': '%E0%A4%A',
  'bad escape': 'a%zz',
  'lone surrogate bytes': '%ED%A0%80',
  'overlong slash': '%C0%AF',
  'encoded NUL': '%00',
};

/** Odd JSON values for one body field; strings are JSON text, so they can spell what JSON.stringify cannot. */
const JSON_VALUES: Record<string, string> = {
  'number 123': '123',
  negative: '-1',
  float: '1.5',
  'huge integer': '9007199254740993',
  'huge exponent': '1e400',
  'max double': '1.7976931348623157e308',
  zero: '0',
  'string "abc"': '"abc"',
  'numeric string': '"5000"',
  'empty string': '""',
  'string 60 KB': JSON.stringify(KB60),
  'string 100 KB': JSON.stringify(KB100),
  'unicode string': JSON.stringify(UNICODE),
  'NUL string': '"a\\u0000b"',
  'lone surrogate': '"\\ud800"',
  true: 'true',
  null: 'null',
  'empty array': '[]',
  array: '[1,"a"]',
  'empty object': '{}',
  object: '{"a":1}',
};

const NESTED_VALUES = [
  'number 123',
  'huge exponent',
  'string 60 KB',
  'unicode string',
  'NUL string',
  'null',
  'object',
];

/** Broken or unexpected bodies, sent as application/json. */
const RAW_BODIES: Record<string, string> = {
  'broken JSON': '{"a":',
  'truncated object': '{',
  'JSON then garbage': '{"a":1}garbage',
  'single quotes': "{'a':1}",
  'trailing comma': '{"a":1,}',
  'bare word': 'nul',
  'JSON array': '[]',
  'JSON string': '"x"',
  'JSON null': 'null',
  'JSON number': '42',
  'JSON true': 'true',
  'empty object': '{}',
  'byte order mark': '\ufeff{}',
  'raw NUL': '{"a":"\u0000"}',
  'deep nesting': '['.repeat(30000) + ']'.repeat(30000),
  'deep object nesting': '{"a":'.repeat(5000) + '1' + '}'.repeat(5000),
  __proto__: '{"__proto__":{"polluted":true}}',
  'constructor.prototype': '{"constructor":{"prototype":{"polluted":true}}}',
  'body 100 KB': JSON.stringify({ a: KB100 }),
  'huge array': '[' + '1,'.repeat(30000) + '1]',
};

const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/jsonx',
  'application/json; charset=utf-16',
  'APPLICATION/JSON',
  '',
];

/** Every body field with a path, one level into nested objects (the fingerprint). */
function bodyFields(schema: JsonSchema, prefix: string[] = []): { path: string[]; required: boolean }[] {
  const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const out: { path: string[]; required: boolean }[] = [];
  for (const [name, sub] of Object.entries(props)) {
    const p = [...prefix, name];
    out.push({ path: p, required: required.has(name) });
    if (prefix.length === 0 && sub.type === 'object') out.push(...bodyFields(sub, p));
  }
  return out;
}

/** The example body as JSON text with the field at `path` replaced by raw JSON text (or removed). */
function bodyWith(example: Record<string, unknown>, path: string[], rawValue: string | undefined): string {
  const MARK = '"\u0001MARK\u0001"';
  const copy = structuredClone(example);
  let holder = copy as Record<string, unknown>;
  for (const key of path.slice(0, -1)) {
    if (typeof holder[key] !== 'object' || holder[key] === null) holder[key] = {};
    holder = holder[key] as Record<string, unknown>;
  }
  const last = path[path.length - 1]!;
  if (rawValue === undefined) {
    delete holder[last];
    return JSON.stringify(copy);
  }
  holder[last] = '\u0001MARK\u0001';
  return JSON.stringify(copy).replace(MARK, () => rawValue);
}

function casesFor(op: BoundOperation): Case[] {
  const params = op.operation.parameters ?? [];
  const cases: Case[] = [variant(op, 'the contract example', () => undefined)];
  const add = (name: string, change: (w: Wire) => void) => cases.push(variant(op, name, change));

  for (const p of params.filter((x) => x.in === 'path')) {
    for (const [label, value] of Object.entries(TEXT_VALUES)) {
      // An empty or ".." segment makes another path (the client normalises it), not this operation's.
      if (value === '' || value === '..') continue;
      add(`path ${p.name}: ${label}`, (w) => (w.path[p.name] = value));
    }
    for (const [label, value] of Object.entries(RAW_TEXT_VALUES)) {
      add(`path ${p.name}: ${label}`, (w) => {
        w.rawPath = true;
        w.path[p.name] = value;
      });
    }
  }

  for (const p of params.filter((x) => x.in === 'query')) {
    const set = (w: Wire, value: string) => {
      w.query = w.query.filter(([k]) => k !== p.name);
      w.query.push([p.name, value]);
    };
    for (const [label, value] of Object.entries(TEXT_VALUES)) {
      add(`query ${p.name}: ${label}`, (w) => set(w, value));
    }
    for (const [label, value] of Object.entries(RAW_TEXT_VALUES)) {
      add(`query ${p.name}: ${label}`, (w) => {
        set(w, value);
        w.query[w.query.length - 1]![2] = true;
      });
    }
    add(`query ${p.name}: 100 KB`, (w) => set(w, KB100));
    add(`query ${p.name}: duplicated, same value`, (w) =>
      w.query.push([p.name, exampleOf(op, p.name, 'query')]),
    );
    add(`query ${p.name}: duplicated, two values`, (w) => {
      set(w, '1');
      w.query.push([p.name, '2']);
    });
    add(`query ${p.name}: bracket form`, (w) => {
      w.query = w.query.filter(([k]) => k !== p.name);
      w.query.push([`${p.name}[]`, '1'], [`${p.name}[a]`, '2']);
    });
    add(`query ${p.name}: missing`, (w) => (w.query = w.query.filter(([k]) => k !== p.name)));
  }
  add('query: page twice', (w) => w.query.push(['page', '1'], ['page', '2']));
  add('query: unknown parameter', (w) => w.query.push(['zz', '1']));
  add('query: broken escapes', (w) => w.query.push(['%zz', '%E0%A4%A', true], ['page', '%', true]));
  add('query: 100 KB unknown parameter', (w) => w.query.push(['zz', KB100]));

  for (const p of params.filter((x) => x.in === 'header')) {
    const name = p.name.toLowerCase();
    add(`header ${p.name}: missing`, (w) => delete w.headers[name]);
    add(`header ${p.name}: empty`, (w) => (w.headers[name] = ''));
    add(`header ${p.name}: wrong format`, (w) => (w.headers[name] = 'abc def'));
    add(`header ${p.name}: 10 KB`, (w) => (w.headers[name] = 'a'.repeat(10 * 1024)));
    add(`header ${p.name}: latin-1`, (w) => (w.headers[name] = 'Ã©Ã¨ÿ'));
  }

  add('cookie: a forged 5 KB session id', (w) => (w.headers.cookie = `sid=${'x'.repeat(5000)}`));
  add('cookie: a malformed cookie header', (w) => (w.headers.cookie = 'sid=%zz; =; ;;sid'));

  const example = bodyExample(op);
  const schema = bodySchema(op);
  const unsafe = op.method !== 'get';
  if (unsafe) {
    for (const [label, text] of Object.entries(RAW_BODIES)) {
      add(`body: ${label}`, (w) => {
        w.headers['content-type'] = 'application/json';
        w.body = text;
      });
    }
    add('body: empty with a JSON content type', (w) => {
      w.headers['content-type'] = 'application/json';
      w.body = '';
    });
    for (const type of CONTENT_TYPES) {
      add(`content type "${type}"`, (w) => {
        w.headers['content-type'] = type;
        w.body ??= '{}';
      });
    }
    add('body without a content type', (w) => {
      delete w.headers['content-type'];
      w.body ??= '{}';
    });
    for (const encoding of ['gzip', 'br', 'deflate', 'compress', 'gzip, gzip']) {
      add(`content encoding ${encoding} on a plain body`, (w) => {
        w.headers['content-type'] = 'application/json';
        w.headers['content-encoding'] = encoding;
        w.body ??= '{}';
      });
    }
    add('no origin', (w) => delete w.headers.origin);
  }

  if (example && schema) {
    for (const field of bodyFields(schema)) {
      const label = field.path.join('.');
      // Inside a nested object (the fingerprint's parts) a few values of each kind are enough.
      const values = field.path.length > 1 ? NESTED_VALUES : Object.keys(JSON_VALUES);
      for (const valueLabel of values) {
        const raw = JSON_VALUES[valueLabel]!;
        add(`body ${label}: ${valueLabel}`, (w) => (w.body = bodyWith(example, field.path, raw)));
      }
      add(`body ${label}: missing`, (w) => (w.body = bodyWith(example, field.path, undefined)));
      add(`body ${label}: duplicated key`, (w) => {
        const key = JSON.stringify(field.path[field.path.length - 1]);
        w.body = bodyWith(example, field.path, `"a", ${key}: 1`);
      });
    }
    add('body: an extra field', (w) => (w.body = JSON.stringify({ ...example, zz: 1 })));
    add(
      'body: an extra __proto__ field',
      (w) => (w.body = JSON.stringify(example).replace(/^\{/, '{"__proto__":{"x":1},')),
    );
  }
  return cases;
}

function encodePath(op: BoundOperation, wire: Wire): string {
  return routePath(op.path).replace(/:(\w+)/g, (_, name: string) => {
    const value = wire.path[name]!;
    return wire.rawPath ? value : encodeURIComponent(value);
  });
}

function toInject(op: BoundOperation, wire: Wire, session: string | null): InjectOptions {
  const query = wire.query
    .map(([k, v, raw]) => (raw ? `${k}=${v}` : `${encodeURIComponent(k)}=${encodeURIComponent(v)}`))
    .join('&');
  const headers = { ...wire.headers };
  if (session) headers.cookie = headers.cookie ? `${headers.cookie}; ${session}` : session;
  return {
    method: op.method.toUpperCase() as InjectOptions['method'],
    url: encodePath(op, wire) + (query ? `?${query}` : ''),
    headers,
    ...(wire.body !== undefined ? { payload: wire.body } : {}),
  };
}

/** The player event stream never ends by itself: read its status, then hang up. */
function isStream(op: BoundOperation): boolean {
  return Boolean(op.operation.responses['200']?.content?.['text/event-stream']);
}

async function send(op: BoundOperation, options: InjectOptions): Promise<LightMyRequestResponse> {
  if (!isStream(op)) return t.app.inject(options);
  const abort = new AbortController();
  const res = await t.app.inject({ ...options, payloadAsStream: true, signal: abort.signal });
  if (res.statusCode === 200) {
    abort.abort();
    return res;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of res.stream()) chunks.push(chunk as Buffer);
  return Object.assign(Object.create(res) as LightMyRequestResponse, {
    body: Buffer.concat(chunks).toString('utf8'),
    json: () => JSON.parse(Buffer.concat(chunks).toString('utf8')),
  });
}

/** What is wrong with one answer, or null. */
function judge(op: BoundOperation, res: LightMyRequestResponse): string | null {
  const { operationId } = op.operation;
  const status = res.statusCode;
  if (status >= 500) return `${status} ${res.body.slice(0, 160)}`;
  if (!(String(status) in op.operation.responses)) {
    return `${status} is not declared (${res.body.slice(0, 120)})`;
  }
  if (status < 400) return null;
  if (!String(res.headers['content-type']).startsWith('application/json')) {
    return `${status} answered as ${String(res.headers['content-type'])}`;
  }
  let body: { code?: string };
  try {
    body = JSON.parse(res.body) as { code?: string };
  } catch {
    return `${status} with a body that is not JSON: ${res.body.slice(0, 80)}`;
  }
  const errors = checkResponse(operationId, status, body);
  if (errors) return `${status} body outside the contract: ${JSON.stringify(errors)}`;
  if (!body.code || !ERROR_CODES.has(body.code)) return `${status} code ${body.code} not in ErrorCode`;
  const expected = errorStatus(body.code as ErrorCode, operationId);
  if (expected !== status) return `${status} with ${body.code}, whose status is ${expected}`;
  return null;
}

const OPERATIONS = listOperations();
const CASES = new Map(OPERATIONS.map((op) => [op, casesFor(op)]));

describe.each([
  ['without a session', false],
  ['with a player session', true],
] as const)('malformed input %s', (_label, withSession) => {
  test.each(OPERATIONS.map((op) => [op.operation.operationId, op] as const))(
    '%s answers only declared statuses, never 5xx',
    async (_id, op) => {
      const failures: string[] = [];
      let changed = false;
      for (const c of CASES.get(op)!) {
        const res = await send(op, toInject(op, c.wire, withSession ? cookie : null));
        const problem = judge(op, res);
        if (problem) failures.push(`${c.name}: ${problem}`);
        if (res.statusCode < 300) changed = true;
      }
      // A request that went through may have ended or limited the session: the next operation gets a
      // fresh player.
      if (withSession && changed) cookie = await freshPlayer();
      expect(failures).toEqual([]);
    },
  );
});

const STAFF_OPERATIONS = OPERATIONS.filter((op) => op.operation.tags.some((tag) => tag.startsWith('Staff')));

describe('malformed input with an owner’s back office session', () => {
  let staffCookie = '';
  beforeAll(async () => {
    staffCookie = await freshOwner();
  });
  test.each(STAFF_OPERATIONS.map((op) => [op.operation.operationId, op] as const))(
    '%s answers only declared statuses, never 5xx',
    async (_id, op) => {
      const failures: string[] = [];
      for (const c of CASES.get(op)!) {
        const res = await send(op, toInject(op, c.wire, staffCookie));
        const problem = judge(op, res);
        if (problem) failures.push(`${c.name}: ${problem}`);
        // A sign-out, a sign-in or a change to staff accounts may have ended this session: a fresh owner.
        if (res.statusCode < 300) staffCookie = await freshOwner();
      }
      expect(failures).toEqual([]);
    },
  );
});

const SANDBOX_TAGS = new Set(['Sandbox', 'SandboxStudio', 'SandboxProvider']);
const SANDBOX_OPERATIONS = OPERATIONS.filter((op) => op.operation.tags.some((tag) => SANDBOX_TAGS.has(tag)));

describe('malformed input with the sandbox off (SANDBOX=false)', () => {
  // The handlers read the flag per request: the same app answers as a production server would.
  beforeAll(() => (t.ctx.config.sandbox = false));
  afterAll(() => (t.ctx.config.sandbox = true));

  test.each(SANDBOX_OPERATIONS.map((op) => [op.operation.operationId, op] as const))(
    '%s answers only declared statuses, never 5xx',
    async (_id, op) => {
      const failures: string[] = [];
      for (const c of CASES.get(op)!) {
        const problem = judge(op, await send(op, toInject(op, c.wire, null)));
        if (problem) failures.push(`${c.name}: ${problem}`);
      }
      expect(failures).toEqual([]);
    },
  );
});

test('the cases cover every operation of the contract', () => {
  expect(SANDBOX_OPERATIONS.length).toBeGreaterThan(5);
  const total = [...CASES.values()].reduce((n, list) => n + list.length, 0);
  expect(CASES.size).toBe(listOperations().length);
  expect(total).toBeGreaterThan(CASES.size * 20);
});

test('the longest path parameter the contract allows, percent-encoded, is not refused by the router', async () => {
  // A provider reference is up to 100 characters, colons allowed: 300 once encoded.
  const reference = encodeURIComponent(':'.repeat(100));
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/v2/sandbox/providers/alphabet/transfers/${reference}`,
    headers: { 'x-provider-signature': 'a'.repeat(64), 'x-provider-timestamp': String(Date.now()) },
  });
  expect(res.json()).toMatchObject({ code: 'INVALID_SIGNATURE' });
  const tooLong = await t.app.inject({
    method: 'GET',
    url: `/api/v2/sandbox/providers/alphabet/transfers/${reference}a`,
    headers: { 'x-provider-signature': 'a'.repeat(64), 'x-provider-timestamp': String(Date.now()) },
  });
  expect(tooLong.statusCode).toBe(400);
  expect(tooLong.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
});

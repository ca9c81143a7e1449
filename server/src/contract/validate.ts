import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import {
  listOperations,
  loadContract,
  type JsonSchema,
  type OpenApiDocument,
  type OperationObject,
} from './load';

/**
 * Bodies are JSON: types must already be right, so no coercion, and unknown fields are rejected rather
 * than silently dropped (removeAdditional: false keeps additionalProperties:false meaning "refuse").
 */
function bodyAjv(): Ajv {
  const ajv = new Ajv({
    coerceTypes: false,
    removeAdditional: false,
    useDefaults: true,
    allErrors: true,
    strict: false,
  });
  addFormats(ajv);
  return ajv;
}

/** Path, query and header values are strings on the wire: "2" must be allowed to mean 2. */
function stringPartAjv(): Ajv {
  const ajv = new Ajv({
    coerceTypes: 'array',
    removeAdditional: false,
    useDefaults: true,
    allErrors: true,
    strict: false,
  });
  addFormats(ajv);
  return ajv;
}

const ajvForBody = bodyAjv();
const ajvForStrings = stringPartAjv();
// Compiling is the slow part and schemas from the contract never change: cache by schema object, so
// every app built in this process (tests build many) reuses the validators.
const compiled = new Map<Ajv, WeakMap<object, ValidateFunction>>([
  [ajvForBody, new WeakMap()],
  [ajvForStrings, new WeakMap()],
]);

function compile(ajv: Ajv, schema: object): ValidateFunction {
  const cache = compiled.get(ajv)!;
  let fn = cache.get(schema);
  if (!fn) {
    fn = ajv.compile(schema);
    cache.set(schema, fn);
  }
  return fn;
}

/**
 * Fastify's validator compiler: strict for bodies, coercing for path, query and headers. Each validator is
 * compiled on its route's first request rather than at start: compiling all of them cost about 170 ms of
 * every start (a restart after a crash, each test's server), and most processes serve a few operations.
 * Every schema of the contract is still compiled by the tests (the malformed-input probe calls each
 * operation). Fastify reads a failed validation's `errors` from the function it was given, so the
 * wrapper carries them over.
 */
export const validatorCompiler: FastifySchemaCompiler<JsonSchema> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? ajvForBody : ajvForStrings;
  let validate: ValidateFunction | undefined;
  const onFirstUse = (data: unknown): boolean => {
    validate ??= compile(ajv, schema);
    const valid = validate(data) as boolean;
    onFirstUse.errors = validate.errors;
    return valid;
  };
  onFirstUse.errors = undefined as ValidateFunction['errors'];
  return onFirstUse as ReturnType<FastifySchemaCompiler<JsonSchema>>;
};

export interface FieldError {
  field: string;
  message: string;
}

/** Turns Ajv errors into the contract's details: field is a dotted path, e.g. "fingerprint.webGL". */
export function toFieldErrors(errors: readonly ErrorObject[] | null | undefined): FieldError[] {
  return (errors ?? []).map((e) => {
    const base = e.instancePath.split('/').filter(Boolean);
    const params = e.params as { missingProperty?: string; additionalProperty?: string };
    if (e.keyword === 'required' && params.missingProperty) base.push(params.missingProperty);
    if (e.keyword === 'additionalProperties' && params.additionalProperty)
      base.push(params.additionalProperty);
    const message =
      e.keyword === 'additionalProperties' ? 'is not an allowed field' : (e.message ?? 'is invalid');
    return { field: base.join('.') || '(root)', message };
  });
}

/** The JSON schema of an operation's response for a status, falling back to "default" like OpenAPI does. */
export function responseSchema(
  operationId: string,
  status: number,
  doc: OpenApiDocument = loadContract(),
): JsonSchema {
  const responses = operationNamed(operationId, doc).responses;
  const response = responses[String(status)] ?? responses.default;
  const schema = response?.content?.['application/json']?.schema;
  if (!schema) throw new Error(`${operationId} declares no JSON response for ${status}`);
  return schema;
}

/**
 * Whether openapi.yaml lists this status for the operation. OpenAPI would let any other status fall to
 * `default`; here only 500 may (a failure nobody planned): every refusal an operation can answer, and a
 * 503, is listed under its own status, so the client and the docs know them all.
 */
export function declaresStatus(
  operationId: string,
  status: number,
  doc: OpenApiDocument = loadContract(),
): boolean {
  if (status === 500) return true;
  return String(status) in operationNamed(operationId, doc).responses;
}

// Each answer in tests and development is checked by operationId: an index, not a scan of the contract.
const operationIndex = new WeakMap<OpenApiDocument, Map<string, OperationObject>>();

function operationNamed(operationId: string, doc: OpenApiDocument): OperationObject {
  let index = operationIndex.get(doc);
  if (!index) {
    index = new Map(listOperations(doc).map((o) => [o.operation.operationId, o.operation]));
    operationIndex.set(doc, index);
  }
  const operation = index.get(operationId);
  if (!operation) throw new Error(`openapi.yaml has no operation ${operationId}`);
  return operation;
}

/**
 * Null when the status is one the operation declares and body matches the contract's response schema for
 * it, else readable errors.
 */
export function checkResponse(operationId: string, status: number, body: unknown): FieldError[] | null {
  if (!declaresStatus(operationId, status)) {
    return [
      { field: '(status)', message: `${status} is not a status ${operationId} declares in openapi.yaml` },
    ];
  }
  const validate = compile(ajvForBody, responseSchema(operationId, status));
  return validate(body) ? null : toFieldErrors(validate.errors);
}

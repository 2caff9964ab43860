/**
 * `node_modules/.bin/node scripts/stripe-openapi-subset.ts <spec3.yaml> <out.json>`: the part of Stripe's published
 * OpenAPI description (github.com/stripe/openapi, MIT) the API calls, for Prism to serve and check in
 * the payment tests (server/api/tests/fixtures/stripe-openapi/README.md). The whole description is
 * 4 MB; the operations kept and the schemas they name are copied unchanged, apart from the prose
 * descriptions no check reads and the objects those schemas name in turn (cutReferences).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'yaml';

const KEPT_OPERATIONS: Readonly<Record<string, readonly string[]>> = {
  '/v1/checkout/sessions': ['post'],
  '/v1/checkout/sessions/{session}/expire': ['post'],
  '/v1/refunds': ['post'],
};
/** Not reached from an operation: the shape of the webhook events the tests sign. */
const KEPT_SCHEMAS = ['event', 'notification_event_data', 'checkout.session', 'refund'];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function refsIn(value: Json, found: Set<string>): void {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (isObject(value))
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string') found.add(inner.replace('#/components/schemas/', ''));
      else refsIn(inner, found);
    }
}

/**
 * Prism dereferences the whole description at start-up, and the objects Stripe's answers may expand
 * (customer, payment intent, charge, ...) reach each other in cycles: the kept schemas with all they
 * reach (595 of them) did not start in ten minutes. So an object a kept schema names is cut to a
 * plain object, its name kept in `x-stripe-schema`. The requests the SDK sends are checked in full:
 * their schemas are written inline in the operations and name nothing.
 */
function cutReferences(value: Json, kept: ReadonlySet<string>): Json {
  if (Array.isArray(value)) return value.map((item) => cutReferences(item, kept));
  if (!isObject(value)) return value;
  const ref = value['$ref'];
  if (typeof ref === 'string') {
    const name = ref.replace('#/components/schemas/', '');
    return kept.has(name) ? value : { type: 'object', 'x-stripe-schema': name };
  }
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, cutReferences(inner, kept)]));
}

/** A string `description` is prose; an object one is a property of that name, kept. */
function withoutProse(value: Json): Json {
  if (Array.isArray(value)) return value.map(withoutProse);
  if (!isObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key, inner]) => !(key === 'description' && typeof inner === 'string'))
      .map(([key, inner]) => [key, withoutProse(inner)]),
  );
}

const [input, output] = process.argv.slice(2);
if (!input || !output) throw new Error('usage: node scripts/stripe-openapi-subset.ts <spec3.yaml> <out.json>');
const spec = parse(readFileSync(input, 'utf8')) as JsonObject;
const paths = spec['paths'];
const components = spec['components'];
if (!isObject(paths) || !isObject(components) || !isObject(components['schemas']))
  throw new Error(`${input} is not an OpenAPI description`);
const allSchemas = components['schemas'];

const keptPaths: JsonObject = {};
const reached = new Set<string>(KEPT_SCHEMAS);
for (const [path, methods] of Object.entries(KEPT_OPERATIONS)) {
  const item = paths[path];
  if (!isObject(item)) throw new Error(`${input} has no ${path}`);
  keptPaths[path] = Object.fromEntries(methods.map((method) => [method, item[method] ?? null]));
  refsIn(keptPaths[path], reached);
}
const schemas: JsonObject = {};
for (const name of reached) {
  const schema = allSchemas[name];
  if (schema === undefined) throw new Error(`${input} has no schema ${name}`);
  schemas[name] = cutReferences(schema, reached);
}

const subset = {
  openapi: spec['openapi'] ?? null,
  info: spec['info'] ?? null,
  servers: spec['servers'] ?? null,
  security: spec['security'] ?? null,
  paths: keptPaths,
  components: { securitySchemes: components['securitySchemes'] ?? null, schemas },
};
writeFileSync(output, `${JSON.stringify(withoutProse(subset))}\n`);
console.log(`${output}: ${Object.keys(keptPaths).length} paths, ${Object.keys(schemas).length} schemas`);

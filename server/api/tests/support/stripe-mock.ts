import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Ajv, type ValidateFunction } from 'ajv';
import Stripe from 'stripe';

/**
 * A stand-in for Stripe's API built from Stripe's own OpenAPI description (the part the API uses,
 * fixtures/stripe-openapi): every request the SDK sends is checked against the operation's request
 * schema, every answer and every webhook event the tests make against the object's schema. Prism
 * (`@stoplight/prism-cli` 5.16) was the first choice and could not do it: it refuses Stripe's
 * arrays of objects in form bodies (`line_items[0][price_data][currency]`, "Cannot deserialize JSON
 * object array in form data request body", stoplightio/prism#2379, unmerged).
 */

const SPEC_FILE = new URL('../fixtures/stripe-openapi/stripe-spec3.subset.json', import.meta.url);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };
export type StripeObject = JsonObject;

interface SchemaNode {
  type?: string;
  enum?: Json[];
  anyOf?: SchemaNode[];
  properties?: Record<string, SchemaNode>;
  required?: string[];
  $ref?: string;
}

/**
 * OpenAPI 3.0's `nullable` in JSON Schema's words, which Ajv reads: Stripe writes it beside `anyOf`
 * and `enum` as well as beside `type`.
 */
function jsonSchemaOf(value: Json): Json {
  if (Array.isArray(value)) return value.map(jsonSchemaOf);
  if (typeof value !== 'object' || value === null) return value;
  const { nullable, ...rest } = value;
  const inner = Object.fromEntries(Object.entries(rest).map(([key, item]) => [key, jsonSchemaOf(item)]));
  return nullable === true ? { anyOf: [inner, { type: 'null' }] } : inner;
}

const openApi = JSON.parse(readFileSync(SPEC_FILE, 'utf8')) as Json;
const spec = jsonSchemaOf(openApi) as unknown as {
  paths: Record<string, Record<string, { requestBody: { content: Record<string, { schema: SchemaNode }> } }>>;
  components: { schemas: Record<string, SchemaNode> };
};

const ajv = new Ajv({ strict: false, allErrors: true, coerceTypes: true, validateFormats: false });
ajv.addSchema(spec, 'stripe');

function requestValidator(path: string): ValidateFunction {
  const operation = spec.paths[path]?.['post'];
  const schema = operation?.requestBody.content['application/x-www-form-urlencoded']?.schema;
  if (!schema) throw new Error(`the Stripe description has no form body for POST ${path}`);
  return ajv.compile(schema);
}

const objectValidators = new Map<string, ValidateFunction>();
function objectValidator(name: string): ValidateFunction {
  let validate = objectValidators.get(name);
  if (!validate) {
    validate = ajv.compile({ $ref: `stripe#/components/schemas/${name}` });
    objectValidators.set(name, validate);
  }
  return validate;
}

/** Throws unless `value` is a `name` as Stripe's description has it. */
export function assertStripeShape(name: string, value: unknown): void {
  const validate = objectValidator(name);
  if (!validate(value)) throw new Error(`not a Stripe ${name}: ${ajv.errorsText(validate.errors)}`);
}

/** The least value of a schema: what every required field of an object is until the caller sets it. */
function sample(schema: SchemaNode): Json {
  if (schema.$ref) return sample(spec.components.schemas[schema.$ref.replace('#/components/schemas/', '')] ?? {});
  if (schema.anyOf?.some((option) => option.type === 'null')) return null;
  if (schema.enum?.length) return schema.enum[0] ?? null;
  if (schema.anyOf?.[0]) return sample(schema.anyOf[0]);
  switch (schema.type) {
    case 'string':
      return '';
    case 'integer':
    case 'number':
      return 0;
    case 'boolean':
      return false;
    case 'array':
      return [];
    default:
      return Object.fromEntries((schema.required ?? []).map((key) => [key, sample(schema.properties?.[key] ?? {})]));
  }
}

/** A `name` with its required fields at their least and `fields` set, checked against the description. */
export function stripeObject(name: string, fields: JsonObject): StripeObject {
  const base = sample(spec.components.schemas[name] ?? {});
  const value = { ...(base as JsonObject), ...fields };
  assertStripeShape(name, value);
  return value;
}

/** Stripe's form encoding back to an object: `a[b][0][c]=v` is `{ a: { b: [{ c: 'v' }] } }`. */
function decodeForm(text: string): JsonObject {
  const root: JsonObject = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let node: JsonObject | Json[] = root;
    path.forEach((part, index) => {
      const last = index === path.length - 1;
      const nextIsIndex = /^\d+$/.test(path[index + 1] ?? '');
      const slot = Array.isArray(node) ? Number(part) : part;
      const container = node as Record<string | number, Json>;
      if (last) container[slot] = value;
      else {
        container[slot] ??= nextIsIndex ? [] : {};
        node = container[slot] as JsonObject | Json[];
      }
    });
  }
  return root;
}

export interface StripeRequest {
  path: string;
  body: JsonObject;
  idempotencyKey: string | null;
}

export interface StripeMock {
  url: string;
  requests: StripeRequest[];
  /** Requests the description refused, with why: a test asserts there are none. */
  refused: { path: string; errors: string }[];
  /** The sessions made, by id, as Stripe would hold them. */
  sessions: Map<string, StripeObject>;
  /**
   * Starts a new account's memory of idempotency keys: the API on another database numbers its
   * orders from 1 again, as a second shop's Stripe account would see them.
   */
  forgetIdempotencyKeys(): void;
  /** Answers the next calls of `path` with Stripe's 500, to play an outage. */
  failNext(path: string, times?: number): void;
  close(): Promise<void>;
}

async function readText(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const ROUTES = ['/v1/checkout/sessions', '/v1/refunds', '/v1/checkout/sessions/{session}/expire'] as const;
const EXPIRE = /^\/v1\/checkout\/sessions\/([\w-]+)\/expire$/;

export async function startStripeMock(): Promise<StripeMock> {
  const validators = new Map(ROUTES.map((path) => [path, requestValidator(path)]));
  const requests: StripeRequest[] = [];
  const refused: StripeMock['refused'] = [];
  const sessions = new Map<string, StripeObject>();
  const byKey = new Map<string, StripeObject>();
  const failures = new Map<string, number>();
  let sequence = 0;

  function answer(path: string, body: JsonObject, sessionId: string | null): StripeObject {
    sequence += 1;
    if (sessionId !== null) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no such checkout.session: ${sessionId}`);
      if (session['status'] !== 'open')
        throw new Error(`checkout.session ${sessionId} is ${String(session['status'])}`);
      const expired = stripeObject('checkout.session', { ...session, status: 'expired' });
      sessions.set(sessionId, expired);
      return expired;
    }
    const created = Math.floor(Date.now() / 1000);
    if (path === '/v1/refunds')
      return stripeObject('refund', {
        id: `re_test_${sequence}`,
        object: 'refund',
        amount: Number(body['amount']),
        currency: 'aud',
        created,
        payment_intent: String(body['payment_intent']),
        status: 'succeeded',
        metadata: (body['metadata'] ?? {}) as JsonObject,
      });
    const lines = (body['line_items'] ?? []) as JsonObject[];
    const amount = lines.reduce(
      (sum, line) => sum + Number((line['price_data'] as JsonObject)['unit_amount']) * Number(line['quantity']),
      0,
    );
    const id = `cs_test_${sequence}`;
    const session = stripeObject('checkout.session', {
      id,
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: amount,
      amount_subtotal: amount,
      currency: String((lines[0]?.['price_data'] as JsonObject | undefined)?.['currency'] ?? 'aud'),
      client_reference_id: (body['client_reference_id'] as string | undefined) ?? null,
      metadata: (body['metadata'] ?? {}) as JsonObject,
      success_url: String(body['success_url']),
      cancel_url: String(body['cancel_url']),
      customer_email: (body['customer_email'] as string | undefined) ?? null,
      created,
      expires_at: Number(body['expires_at']),
      url: `https://checkout.stripe.com/c/pay/${id}`,
      payment_method_types: ['card'],
    });
    sessions.set(id, session);
    return session;
  }

  const server: Server = createServer((request, response) => {
    const crashed = (error: unknown) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { type: 'api_error', message: `stripe mock: ${String(error)}` } }));
    };
    void (async () => {
      const url = (request.url ?? '').split('?')[0] ?? '';
      const sessionId = EXPIRE.exec(url)?.[1] ?? null;
      const path = sessionId === null ? url : '/v1/checkout/sessions/{session}/expire';
      const text = await readText(request);
      const send = (status: number, value: Json) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(value));
      };
      const validate = validators.get(path as (typeof ROUTES)[number]);
      if (request.method !== 'POST' || !validate)
        return send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${path})` } });
      if (!/^Bearer (sk|rk)_test_\w+$/.test(request.headers.authorization ?? ''))
        return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      const body = decodeForm(text);
      const key = (request.headers['idempotency-key'] as string | undefined) ?? null;
      requests.push({ path, body, idempotencyKey: key });
      const failing = failures.get(path) ?? 0;
      if (failing > 0) {
        failures.set(path, failing - 1);
        return send(500, { error: { type: 'api_error', message: 'played outage' } });
      }
      // Coercion rewrites a copy: the recorded body stays as sent.
      const checked = structuredClone(body);
      if (!validate(checked)) {
        const errors = ajv.errorsText(validate.errors);
        refused.push({ path, errors });
        return send(400, { error: { type: 'invalid_request_error', message: errors } });
      }
      const earlier = key === null ? undefined : byKey.get(`${path} ${key}`);
      let answered: StripeObject;
      try {
        answered = earlier ?? answer(path, body, sessionId);
      } catch (error) {
        return send(400, { error: { type: 'invalid_request_error', message: (error as Error).message } });
      }
      if (key !== null) byKey.set(`${path} ${key}`, answered);
      return send(200, answered);
    })().catch(crashed);
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    refused,
    sessions,
    forgetIdempotencyKeys() {
      byKey.clear();
    },
    failNext(path, times = 1) {
      failures.set(path, times);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** A Stripe event about `object`, as the description shapes it, with the signature Stripe would send. */
export function signedEvent(
  webhookSecret: string,
  type: string,
  object: StripeObject,
  id = `evt_test_${Math.random().toString(36).slice(2)}`,
): { id: string; payload: string; signature: string } {
  const event = stripeObject('event', {
    id,
    object: 'event',
    type,
    api_version: '2023-08-16',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    data: { object },
  });
  const payload = JSON.stringify(event);
  return { id, payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }) };
}

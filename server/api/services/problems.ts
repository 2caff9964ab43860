import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import { formatIssue, issuesOf, type ErrorResponse } from '../../../lib/api/contract.ts';

/** A request the API refuses, with the status and error body it answers. Thrown by handlers, answered by the app's error handler. */
export class ApiProblem extends Error {
  readonly status: ContentfulStatusCode;
  readonly body: ErrorResponse;
  /** Sent with the answer, such as Retry-After on a 429. */
  readonly headers: Readonly<Record<string, string>>;

  constructor(
    status: ContentfulStatusCode,
    message: string,
    extra: Omit<ErrorResponse, 'success' | 'message'> = {},
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiProblem';
    this.status = status;
    this.body = { success: false, message, ...extra };
    this.headers = headers;
  }
}

/** "Invalid request body: products.0.quantity: Too small: expected number to be >=1 (and 2 more)". */
export function invalid(what: string, error: z.ZodError, message?: string): ApiProblem {
  const issues = issuesOf(error);
  const [first] = issues;
  const detail = first
    ? `${formatIssue(first)}${issues.length > 1 ? ` (and ${issues.length - 1} more)` : ''}`
    : 'invalid';
  return new ApiProblem(400, message ?? `Invalid ${what}: ${detail}`, { issues });
}

/**
 * The JSON body checked against its schema. Any content type is read as JSON: every call
 * carries the custom retailer header, so a browser always preflights it and a cross-site form
 * post cannot reach here.
 */
export async function readBody<S extends z.ZodType>(
  c: Context,
  schema: S,
  failureMessage?: string,
): Promise<z.output<S>> {
  let text: string;
  try {
    text = await c.req.text();
  } catch {
    throw new ApiProblem(400, failureMessage ?? 'Request body could not be read');
  }
  let raw: unknown;
  try {
    raw = text.trim() === '' ? undefined : JSON.parse(text);
  } catch {
    throw new ApiProblem(400, failureMessage ?? 'Request body is not valid JSON', {
      issues: [{ path: '', message: 'not valid JSON' }],
    });
  }
  const result = schema.safeParse(raw);
  if (!result.success) throw invalid('request body', result.error, failureMessage);
  return result.data;
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw invalid(what, result.error);
  return result.data;
}

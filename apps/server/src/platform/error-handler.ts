import { STATUS_CODES } from 'node:http';
import type { ApiErrorCode } from '@sms/contracts/error-catalogue';
import { ERROR_CODES, type ErrorResponse } from '@sms/contracts/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { DatabaseAvailability } from '../db/availability.ts';
import { AppError, DatabaseUnavailable } from './errors.ts';

const CODE_BY_STATUS: Record<number, ApiErrorCode> = {
  400: ERROR_CODES.validation,
  401: ERROR_CODES.unauthenticated,
  403: ERROR_CODES.forbidden,
  404: ERROR_CODES.notFound,
  409: ERROR_CODES.conflict,
  413: ERROR_CODES.payloadTooLarge,
  415: ERROR_CODES.unsupportedMediaType,
  429: ERROR_CODES.throttled,
};

// Fastify's own wording for body parsing problems, rephrased for people.
const FRIENDLY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty but content-type is application/json',
};

type ValidationIssue = { instancePath?: string; message?: string; keyword?: string; params?: unknown };

/** Squashes 'logoWidth' / 'Logo width' to 'logowidth' so a field and its prose name compare equal. */
const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * A message that names its field (or its noun), as every message in packages/contracts does ('Logo width must be
 * between 50 and 500 pixels', 'email must be a valid email address'), is kept word for word (the
 * spec fixes some of them); a bare library message gets the field in front ('name: Invalid input').
 */
export function messageNamingField(field: string, message: string): string {
  const name = field.split('.').at(-1) ?? field;
  // 'primaryColor' is also named by its noun: 'Invalid color format' (spec section 5) stays exact.
  const noun = name.split(/(?=[A-Z])/).at(-1) ?? name;
  const text = squash(message);
  return text.includes(squash(name)) || text.includes(squash(noun)) ? message : `${field}: ${message}`;
}

/** Turns a schema validation failure into a 400 whose message names the failing field. */
function validationResponse(error: FastifyError): ErrorResponse {
  const issue = (error.validation?.[0] ?? {}) as ValidationIssue;
  const at = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  // A field the schema does not know (strict bodies): named by the field itself, not its parent.
  const unknown = issue.keyword === 'unrecognized_keys' ? (issue.params as { keys?: string[] } | undefined)?.keys?.[0] : undefined;
  if (unknown !== undefined) {
    const field = at ? `${at}.${unknown}` : unknown;
    return { message: `${field} is not a known field`, error: STATUS_CODES[400], code: ERROR_CODES.validation, field };
  }
  const field = at;
  const message = issue.message ?? 'is invalid';
  if (!field) {
    // The whole body/query failed (e.g. no JSON body at all): name the part of the request.
    const part = error.validationContext === 'querystring' ? 'query' : (error.validationContext ?? 'request');
    return { message: `${part}: ${message}`, error: STATUS_CODES[400], code: ERROR_CODES.validation };
  }
  return { message: messageNamingField(field, message), error: STATUS_CODES[400], code: ERROR_CODES.validation, field };
}

/**
 * Installs the one error handler: typed domain errors, validation, client errors, hidden 5xx. A
 * lost database (a restart, a failover) is no bug: 503 DATABASE_UNAVAILABLE with Retry-After,
 * and the process's availability starts probing for its return (db/availability.ts).
 */
export function registerErrorHandler(app: FastifyInstance, availability?: DatabaseAvailability): void {
  app.setErrorHandler((caught: FastifyError, request, reply) => {
    const error = availability?.failed(caught) ? (new DatabaseUnavailable() as unknown as FastifyError) : caught;
    if (error instanceof AppError) {
      if (error.retryAfter !== undefined) reply.header('retry-after', String(error.retryAfter));
      const body: ErrorResponse = { message: error.message, error: STATUS_CODES[error.statusCode], code: error.code };
      if (error.field !== undefined) body.field = error.field;
      if (error.retryAfter !== undefined) body.retryAfter = error.retryAfter;
      if (error.existingId !== undefined) body.existingId = error.existingId;
      return reply.status(error.statusCode).send(body);
    }
    if (error.validation) {
      return reply.status(400).send(validationResponse(error));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Client errors raised by Fastify or its plugins (bad JSON, 413, 415, rate limit, ...):
      // their messages describe the request, not our internals, so they pass through.
      const body: ErrorResponse = {
        message: FRIENDLY_MESSAGES[error.code] ?? error.message,
        error: STATUS_CODES[status],
        code: CODE_BY_STATUS[status] ?? 'BAD_REQUEST',
      };
      return reply.status(status).send(body);
    }
    // Anything else is our fault: log everything with the request id, tell the client nothing.
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({
      message: 'Internal server error',
      error: STATUS_CODES[500],
      code: ERROR_CODES.internal,
      requestId: request.id,
    });
  });
}

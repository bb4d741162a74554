import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { HttpError } from './errors';

const SERVER_FAULT = 'Something went wrong on the server. Please try again; if it keeps happening, contact the service desk.';

/** Fastify's own 4xx codes, reworded for a person. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body must not be empty.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as JSON (Content-Type: application/json).',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_MAX_PARAM_LENGTH: 'A part of the address is too long.',
  FST_ERR_BAD_URL: 'The address is not valid: check the characters in it.',
};


/** The router's own refusals (an address that is not valid or too long) bypass the error handler. */
export function refuseAddress(error: FastifyError, _request: unknown, reply: FastifyReply): void {
  const status = error.statusCode ?? 400;
  const message = FRAMEWORK_MESSAGES[error.code] ?? FRAMEWORK_MESSAGES.FST_ERR_BAD_URL!;
  void reply.code(status).type('application/json').send({ statusCode: status, error: STATUS_NAMES[status] ?? 'Bad Request', message });
}

/**
 * Every refusal is JSON `{statusCode, error, message}` with a sentence a person can act on;
 * a fault is logged with its stack and the client gets no detail of it.
 */
export function registerErrorHandling(app: FastifyInstance, staticDir: string): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let status = error instanceof HttpError ? error.statusCode : (error.statusCode ?? 500);
    let message = error.message;
    if (error.validation) {
      status = 400;
    } else if (error.code && FRAMEWORK_MESSAGES[error.code]) {
      message = FRAMEWORK_MESSAGES[error.code]!;
    } else if (error instanceof SyntaxError) {
      status = 400;
      message = FRAMEWORK_MESSAGES.FST_ERR_CTP_INVALID_JSON_BODY!;
    }
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      // A deliberate HttpError (a mail server that failed, say) tells the user what happened; a fault tells nothing.
      if (!(error instanceof HttpError)) message = SERVER_FAULT;
    }
    if (error instanceof HttpError) void reply.headers(error.headers);
    const name = STATUS_NAMES[status] ?? (status >= 500 ? 'Internal Server Error' : 'Bad Request');
    void reply.code(status).type('application/json').send({ statusCode: status, error: name, message });
  });

  const indexHtml = join(staticDir, 'index.html');
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi = path === '/api' || path.startsWith('/api/');
    // The single-page app owns every other path: serve it and let its router decide (history fallback).
    if (!isApi && request.method === 'GET' && existsSync(indexHtml) && !/\.[a-z0-9]+$/i.test(path)) {
      return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({
      statusCode: 404,
      error: 'Not Found',
      message: isApi ? `There is no API route ${request.method} ${path}.` : `There is nothing at ${path}.`,
    });
  });
}

const STATUS_NAMES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  412: 'Precondition Failed',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  503: 'Service Unavailable',
  502: 'Bad Gateway',
};

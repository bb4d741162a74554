import type { FastifySchemaValidationError } from 'fastify/types/schema';

/** The field a validation error is about, as the client named it ("EmailAddress", "Filters[0].Name"). */
function fieldName(error: FastifySchemaValidationError): string {
  const path = error.instancePath
    .split('/')
    .filter(Boolean)
    .map((part) => (/^\d+$/.test(part) ? `[${part}]` : `.${part}`))
    .join('')
    .replace(/^\./, '');
  if (error.keyword === 'required') {
    const missing = (error.params as { missingProperty?: string }).missingProperty ?? '';
    return path ? `${path}.${missing}` : missing;
  }
  return path;
}

function sentence(error: FastifySchemaValidationError, where: string): string {
  const field = fieldName(error) || where;
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `${field} is required.`;
    case 'minLength':
      return params.limit === 1 ? `${field} must not be empty.` : `${field} must be at least ${String(params.limit)} characters long.`;
    case 'maxLength':
      return `${field} must be at most ${String(params.limit)} characters long.`;
    case 'format':
      return params.format === 'email' ? `${field} must be a valid email address.` : `${field} must be a valid ${String(params.format)}.`;
    case 'type':
      return `${field} must be ${String(params.type) === 'integer' ? 'a whole number' : `of type ${String(params.type)}`}.`;
    case 'minimum':
    case 'maximum':
      return `${field} must be ${error.keyword === 'minimum' ? 'at least' : 'at most'} ${String(params.limit)}.`;
    case 'pattern':
      if (String(params.pattern).includes('\\d{4}-\\d{2}-\\d{2}')) return `${field} must be a date written as YYYY-MM-DD.`;
      if (String(params.pattern).includes(':[0-5]\\d')) return `${field} must be a time of day written as HH:MM (24-hour), e.g. 06:00.`;
      return `${field} is not in the expected format.`;
    case 'additionalProperties':
      return `${String(params.additionalProperty)} is not a field this request accepts.`;
    case 'minItems':
      return params.limit === 1 ? `${field} must not be empty.` : `${field} must hold at least ${String(params.limit)} entries.`;
    case 'maxItems':
      return `${field} can hold at most ${String(params.limit)} entries.`;
    case 'minProperties':
      return 'The request must say what to change.';
    case 'anyOf':
    case 'const':
    case 'enum':
      return `${field} has a value that is not allowed.`;
    default:
      return `${field} is not valid: ${error.message ?? 'check the value and try again'}.`;
  }
}

/** Turns schema errors into one sentence a person can act on (never the validator's jargon). */
export function validationMessage(errors: FastifySchemaValidationError[], where: string): string {
  // anyOf reports every branch; the first specific error reads best.
  const first = errors.find((e) => e.keyword !== 'anyOf') ?? errors[0];
  const wholeBodyMissing = where === 'body' && first?.instancePath === '' && first.keyword === 'type';
  if (wholeBodyMissing) return 'The request body must not be empty.';
  const place = where === 'querystring' ? 'The query' : 'The request';
  return first ? sentence(first, place) : `${place} is not valid.`;
}

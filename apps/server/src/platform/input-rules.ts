import { findInputProblem } from '@sms/contracts/text-input';
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { ValidationError } from './errors.ts';
import { readJsonText } from './json-body.ts';

type RouteSchema = Parameters<typeof zodValidatorCompiler>[0];

/**
 * JSON bodies the parser below has walked with the text rule. Each body is walked once: the
 * parser walks every JSON body (it sees those of routes without a body schema too, and names a
 * `__proto__` key before anything else reads it), so the validator skips a body found here
 * (the same object: Fastify hands the parsed body to the validator as it is) and walks the rest:
 * query strings, path parameters and bodies of other parsers (forms).
 */
const walkedBodies = new WeakSet<object>();

/**
 * The validator of every route part (body, query string, path): first the contracts' text rule
 * over the input as sent (NUL, lone surrogates, `__proto__`/`constructor` keys -> 400 naming the
 * field, before any handler or SQL sees it), then the route's zod schema.
 */
export const validatorCompiler: FastifySchemaCompiler<unknown> = (route) => {
  const validate = zodValidatorCompiler(route as RouteSchema);
  return (data: unknown) => {
    const walked = data !== null && typeof data === 'object' && walkedBodies.has(data);
    const problem = walked ? null : findInputProblem(data, route.httpPart === 'querystring' ? 'query' : (route.httpPart ?? 'request'));
    if (problem) {
      return {
        error: [{ keyword: 'custom', instancePath: `/${problem.path.join('/')}`, schemaPath: '#', params: {}, message: problem.message }],
      } as unknown as ReturnType<typeof validate>;
    }
    return validate(data);
  };
};

/**
 * JSON bodies: an empty body is no body (clients send `Content-Type: application/json` on
 * logout and delete); otherwise the raw bytes are decoded strictly and their nesting counted
 * (json-body.ts: invalid UTF-8 or more than 64 levels -> 400 before JSON.parse), then parsed,
 * and a body breaking the text rule (a `__proto__` key included) is a 400 naming the field, also
 * on routes without a body schema.
 */
export function registerJsonParser(app: FastifyInstance): void {
  // 'ignore' leaves `__proto__` as JSON.parse does (an own property, harmless), so the check
  // below can name the field instead of answering "not valid JSON".
  const parseJson = app.getDefaultJsonParser('ignore', 'ignore');
  app.removeContentTypeParser('application/json');
  // Bytes, not a string: Node's string decoding would turn bytes that are not UTF-8 into U+FFFD unseen.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    if (bytes.length === 0) return done(null, undefined);
    let text: string;
    try {
      text = readJsonText(bytes);
    } catch (error) {
      return done(error as ValidationError);
    }
    return parseJson(request, text, (error, value) => {
      if (error) return done(error);
      const problem = findInputProblem(value, 'body');
      if (problem) return done(new ValidationError(problem.path.join('.') || 'body', problem.message));
      if (value !== null && typeof value === 'object') walkedBodies.add(value);
      return done(null, value);
    });
  });
}

import { findInputProblem } from '@sms/contracts/text-input';
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { ValidationError } from './errors.ts';

type RouteSchema = Parameters<typeof zodValidatorCompiler>[0];

/**
 * The validator of every route part (body, query string, path): first the contracts' text rule
 * over the input as sent (NUL, lone surrogates, `__proto__`/`constructor` keys -> 400 naming the
 * field, before any handler or SQL sees it), then the route's zod schema.
 */
export const validatorCompiler: FastifySchemaCompiler<unknown> = (route) => {
  const validate = zodValidatorCompiler(route as RouteSchema);
  return (data: unknown) => {
    const problem = findInputProblem(data, route.httpPart === 'querystring' ? 'query' : (route.httpPart ?? 'request'));
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
 * logout and delete); otherwise parsed, and a body breaking the text rule (a `__proto__` key
 * included) is a 400 naming the field, also on routes without a body schema.
 */
export function registerJsonParser(app: FastifyInstance): void {
  // 'ignore' leaves `__proto__` as JSON.parse does (an own property, harmless), so the check
  // below can name the field instead of answering "not valid JSON".
  const parseJson = app.getDefaultJsonParser('ignore', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    return parseJson(request, String(body), (error, value) => {
      if (error) return done(error);
      const problem = findInputProblem(value, 'body');
      if (problem) return done(new ValidationError(problem.path.join('.') || 'body', problem.message));
      return done(null, value);
    });
  });
}

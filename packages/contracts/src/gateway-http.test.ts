import { describe, expect, it } from 'vitest';
import { formBody, jsonBody, readPath, renderTemplate, templateProblem, type HttpTemplateValues } from './gateway-http-template.ts';
import { httpConfigSchema, httpSecretsSchema } from './gateway-http.ts';

const problems = (
  schema: { safeParse: (v: unknown) => { error?: { issues: { path: PropertyKey[]; message: string }[] } } },
  value: unknown,
) => schema.safeParse(value).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

const valid = { sendUrl: 'https://rest.example.com/sms/json', template: { to: '{{toDigits}}', text: '{{text}}' } };

const values = (patch: Partial<HttpTemplateValues> = {}): HttpTemplateValues => ({
  to: '+447700900123',
  toDigits: '447700900123',
  from: 'ACME',
  text: 'Hello',
  messageId: '42',
  receiptUrl: 'https://sms.example.org/api/gateways/http/g/t/receipt?ref=42',
  encoding: 'GSM-7',
  unicode: 'false',
  secret: 's3cret',
  ...patch,
});

describe('http gateway settings', () => {
  it('fills the defaults', () => {
    expect(httpConfigSchema.parse(valid)).toEqual({
      ...valid,
      method: 'POST',
      bodyFormat: 'form',
      headers: {},
      authType: 'none',
      authName: null,
      defaultSender: null,
      responseIdPath: null,
      responseStatusPath: null,
      responseOkValues: [],
      responseErrorPath: null,
      receiptIdField: 'ref',
      receiptStatusField: 'status',
      receiptDeliveredValues: ['delivered'],
      receiptFailedValues: ['failed', 'undelivered', 'rejected', 'expired'],
      receiptErrorField: null,
      inboundFromField: 'from',
      inboundToField: 'to',
      inboundTextField: 'text',
      inboundIdField: null,
      callbackBaseUrl: null,
      concurrency: 10,
    });
  });

  it('names the field of each problem', () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...valid, sendUrl: 'ftp://x' }, 'sendUrl: sendUrl must be an http:// or https:// address without user or fragment'],
      [{ ...valid, method: 'PUT' }, 'method: method must be one of POST, GET'],
      [{ ...valid, bodyFormat: 'xml' }, 'bodyFormat: bodyFormat must be one of json, form'],
      [{ ...valid, template: {} }, 'template: template needs at least one parameter, such as text = {{text}}'],
      [{ ...valid, template: { text: '{{body}}' } }, 'template.text: template text: {{body}} is not a placeholder'],
      [
        { ...valid, template: { text: '{{text' } },
        'template.text: template text: has "{{" or "}}" that is not a placeholder such as {{text}}',
      ],
      [
        { ...valid, template: { type: '{{encoding:a:b}}' } },
        'template.type: template type: {{encoding:a:b}}: only {{unicode:A:B}} takes a choice',
      ],
      [{ ...valid, template: { 'a b': 'x' } }, 'template.a b: template: "a b" is not a parameter name'],
      [{ ...valid, template: { '__proto__.x': 'x' } }, 'template.__proto__.x: template: "__proto__.x" is not a parameter name'],
      [{ ...valid, template: { text: 'a\nb' } }, 'template.text: template text: may not hold line breaks or control characters'],
      [
        { ...valid, headers: { Authorization: 'x' } },
        'headers.Authorization: headers: Authorization is set by the gateway (use auth for Authorization)',
      ],
      [{ ...valid, authType: 'basic' }, 'authName: authName is required with authType basic (the user name)'],
      [{ ...valid, authType: 'header', authName: 'Bad Header' }, 'authName: authName must be a header name such as X-API-Key'],
      [{ ...valid, responseIdPath: 'messages..id' }, 'responseIdPath: responseIdPath must be a dotted path such as messages.0.message-id'],
      [{ ...valid, receiptStatusField: '' }, 'receiptStatusField: receiptStatusField is required'],
      [{ ...valid, receiptFailedValues: ['delivered'] }, 'receiptFailedValues: receiptFailedValues: "delivered" is also a delivered value'],
      [{ ...valid, concurrency: 0 }, 'concurrency: concurrency must be between 1 and 100'],
    ];
    for (const [config, expected] of cases) expect(problems(httpConfigSchema, config)[0], expected).toContain(expected);
  });

  it('keeps the auth secret optional and the callback token long', () => {
    expect(httpSecretsSchema.parse({})).toEqual({});
    expect(problems(httpSecretsSchema, { callbackToken: 'short' })[0]).toContain('callbackToken must be 20 to 128');
    expect(problems(httpSecretsSchema, { authSecret: 'é' })[0]).toContain('authSecret may only contain printable ASCII');
  });
});

describe('http gateway templates', () => {
  it('renders placeholders, with spaces inside the braces, and a unicode choice', () => {
    expect(renderTemplate('{{ to }}/{{toDigits}}/{{from}}/{{messageId}}', values())).toBe('+447700900123/447700900123/ACME/42');
    expect(renderTemplate('{{unicode:unicode:text}}', values())).toBe('text');
    expect(renderTemplate('{{unicode:unicode:text}}', values({ unicode: 'true' }))).toBe('unicode');
    expect(renderTemplate('{{unicode}} {{encoding}}', values({ unicode: 'true', encoding: 'UCS-2' }))).toBe('true UCS-2');
    // A value is inserted once, never read as a template itself.
    expect(renderTemplate('{{text}}', values({ text: '{{secret}}' }))).toBe('{{secret}}');
    expect(templateProblem('Bearer {{secret}}')).toBeNull();
  });

  it('escapes JSON and form values, unicode text included', () => {
    const text = 'Say "hi" & 1+1=2\\ 谢谢 مرحبا 😀\n';
    const json = jsonBody([
      ['messages.0.destinations.0.to', '+447700900123'],
      ['messages.0.text', text],
      ['from', 'ACME'],
    ]);
    expect(JSON.parse(json)).toEqual({ messages: [{ destinations: [{ to: '+447700900123' }], text }], from: 'ACME' });
    const form = formBody([
      ['text', text],
      ['to', '+447700900123'],
    ]);
    expect(form).toBe(`text=${encodeURIComponent(text).replace(/%20/g, '+')}&to=%2B447700900123`);
    expect(new URLSearchParams(form).get('text')).toBe(text);
    // __proto__ in a name is a plain key, not the prototype.
    expect(JSON.parse(jsonBody([['__proto__', 'x']]))).toEqual({ ['__proto__']: 'x' });
  });

  it('reads dotted paths of a JSON answer', () => {
    const answer = { 'message-count': '1', messages: [{ 'message-id': '0A0000000123ABCD1', status: '0', price: 0.05, ok: true }] };
    expect(readPath(answer, 'messages.0.message-id')).toBe('0A0000000123ABCD1');
    expect(readPath(answer, 'messages.0.price')).toBe('0.05');
    expect(readPath(answer, 'messages.0.ok')).toBe('true');
    expect(readPath(answer, 'message-count')).toBe('1');
    expect(readPath(answer, 'messages.1.status')).toBeUndefined();
    expect(readPath(answer, 'messages.0')).toBeUndefined();
    expect(readPath(answer, 'messages.x')).toBeUndefined();
    expect(readPath({ message_uuid: ['db3ce55a'] }, 'message_uuid.0')).toBe('db3ce55a');
    expect(readPath(null, 'a')).toBeUndefined();
    expect(readPath({}, 'constructor')).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { validationResolver } from './validation-resolver';

interface Values {
  name: string;
  age: string;
}

const resolver = validationResolver<Values, { name: string; age: number }>((values) => {
  const age = Number(values.age);
  if (values.name && Number.isInteger(age)) return { output: { name: values.name.trim(), age } };
  return {
    errors: {
      ...(values.name ? {} : { name: 'Enter a name.' }),
      ...(Number.isInteger(age) ? {} : { age: { key: 'validation.integer', values: { field: 'age' } } }),
    },
  };
});
const resolve = (values: Values) => resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('validationResolver', () => {
  it('passes the validated output on, with no errors', async () => {
    expect(await resolve({ name: ' Ada ', age: '36' })).toEqual({ values: { name: 'Ada', age: 36 }, errors: {} });
  });

  it('names each failing field, with keys and values as JSON for the translated text', async () => {
    expect(await resolve({ name: '', age: 'x' })).toEqual({
      values: {},
      errors: {
        name: { type: 'validate', message: 'Enter a name.' },
        age: { type: 'validate', message: JSON.stringify({ key: 'validation.integer', values: { field: 'age' } }) },
      },
    });
  });
});

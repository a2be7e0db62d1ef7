import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { InputField, type InputFieldProps } from './input-field';

/**
 * Markup without Emotion's style tags and without the root's classes, which differ by TextField's
 * own class name only. Every other class keeps its Emotion hash, so a style difference shows too.
 */
const structure = (html: string) => html.replaceAll(/<style[^>]*>.*?<\/style>/g, '').replace(/ class="[^"]*"/, '');

const cases: Array<[string, InputFieldProps]> = [
  ['label, helper text, required', { label: 'Phone', helperText: 'With the country code', required: true, type: 'tel' }],
  ['an error', { label: 'Email', helperText: 'Enter a valid email', error: true, value: 'x' }],
  ['disabled, full width, small', { label: 'Name', disabled: true, fullWidth: true, size: 'small', value: 'Ada' }],
  ['no label, a placeholder', { placeholder: 'Search', autoComplete: 'off' }],
  ['multiline', { label: 'Body', multiline: true, minRows: 3, value: 'Hello' }],
  [
    'slots: a shrunk label, html input attributes, an end adornment',
    {
      label: 'Code',
      slotProps: {
        inputLabel: { shrink: true },
        htmlInput: { maxLength: 6, inputMode: 'numeric', dir: 'ltr' },
        input: { endAdornment: <InputAdornment position="end">SMS</InputAdornment> },
      },
    },
  ],
];

describe('InputField', () => {
  it.each(cases)('renders what TextField renders (%s)', (_, props) => {
    const input = structure(renderToStaticMarkup(<InputField id="field" {...props} />));
    const reference = structure(renderToStaticMarkup(<TextField id="field" {...props} />));
    expect(input).toBe(reference);
  });

  it('ties the label and the helper text to the input', () => {
    const html = renderToStaticMarkup(<InputField id="phone" label="Phone" helperText="Hint" />);
    expect(html).toContain('for="phone"');
    expect(html).toContain('aria-describedby="phone-helper-text"');
    expect(html).toContain('id="phone-helper-text"');
  });
});

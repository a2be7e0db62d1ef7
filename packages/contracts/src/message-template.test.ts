import { describe, expect, it } from 'vitest';
import {
  compileTemplate,
  DEFAULT_MERGE_FIELD_LENGTHS,
  estimateRendered,
  parseTemplate,
  renderTemplate,
  STANDARD_MERGE_FIELDS,
  standardMergeField,
  type TemplateContact,
} from './message-template.ts';
import { analyseSms } from './sms-encoding.ts';

const ann: TemplateContact = {
  firstName: 'Ann',
  lastName: 'Lee',
  phone: '+447911123456',
  email: 'ann@example.com',
  tag1: 'VIP',
  tag2: 'Leeds',
  tag3: 'Night shift',
  customFields: { City: 'Leeds', 'Date of birth': '1 May', plan: 'Gold', empty: '', blank: '  ' },
};
const nobody: TemplateContact = {
  firstName: null,
  lastName: null,
  phone: '+447911123457',
  email: null,
  tag1: null,
  tag2: null,
  tag3: null,
  customFields: {},
};

describe('renderTemplate', () => {
  it('fills every standard field', () => {
    expect(STANDARD_MERGE_FIELDS).toEqual(['first_name', 'last_name', 'phone', 'email', 'tag1', 'tag2', 'tag3']);
    const body = '{{first_name}} {{last_name}} {{phone}} {{email}} {{tag1}}/{{tag2}}/{{tag3}}';
    expect(renderTemplate(body, ann)).toBe('Ann Lee +447911123456 ann@example.com VIP/Leeds/Night shift');
    expect(renderTemplate(body, nobody)).toBe('  +447911123457  //');
  });

  it('uses the fallback when the value is missing, empty or blank', () => {
    const body = 'Hi {{first_name|there}}, {{ plan | Basic }} {{empty|none}} {{blank|none}}';
    expect(renderTemplate(body, ann)).toBe('Hi Ann, Gold none none');
    expect(renderTemplate(body, nobody)).toBe('Hi there, Basic none none');
    expect(renderTemplate(body, {})).toBe('Hi there, Basic none none');
    expect(renderTemplate('{{first_name|}}!', { firstName: null })).toBe('!');
    expect(renderTemplate('{{first_name}}!', { firstName: '\u00A0' })).toBe('!');
  });

  it('keeps the text after the first | whole, inner spaces and further bars included', () => {
    expect(renderTemplate('{{first_name| dear  friend }}', nobody)).toBe('dear  friend');
    expect(renderTemplate('{{first_name|a|b}}', nobody)).toBe('a|b');
  });

  it('reads custom fields case-sensitively, with spaces in their names', () => {
    expect(renderTemplate('{{City}} {{ Date of birth }}', ann)).toBe('Leeds 1 May');
    expect(renderTemplate('[{{city}}]', ann)).toBe('[]');
    expect(renderTemplate('[{{city|?}}]', ann)).toBe('[?]');
  });

  it('matches standard fields in any case, and they win over a custom field of the same name', () => {
    expect(renderTemplate('{{First_Name}} {{LAST_NAME}} {{Tag1}}', ann)).toBe('Ann Lee VIP');
    expect(renderTemplate('{{Phone}}', { phone: '+33612345678', customFields: { Phone: '+447911200702' } })).toBe('+33612345678');
  });

  it('never reads inherited properties as custom fields', () => {
    expect(renderTemplate('[{{constructor}}][{{__proto__|x}}][{{toString}}]', ann)).toBe('[][x][]');
    expect(renderTemplate('[{{plan}}]', { customFields: null })).toBe('[]');
  });

  it('keeps malformed tags and lone braces as written', () => {
    expect(renderTemplate('Hi {{first_name', ann)).toBe('Hi {{first_name');
    expect(renderTemplate('{{}} {{ }} {{|x}}', ann)).toBe('{{}} {{ }} {{|x}}');
    expect(renderTemplate('{{first\nname}} {{a{b}}', ann)).toBe('{{first\nname}} {{a{b}}');
    expect(renderTemplate('{{first_name {{last_name}}', ann)).toBe('{{first_name Lee');
    expect(renderTemplate('{ok} }} {not a tag}', ann)).toBe('{ok} }} {not a tag}');
    expect(renderTemplate('{{{first_name}}}', ann)).toBe('{Ann}');
  });

  it('keeps unicode in fallbacks and values as it is', () => {
    expect(renderTemplate('Bonjour {{first_name|l’ami 😀}}', nobody)).toBe('Bonjour l’ami 😀');
    expect(renderTemplate('{{first_name}}', { firstName: 'Zoë' })).toBe('Zoë');
  });

  it('returns a body without fields unchanged', () => {
    const body = 'Water is off on Main St until 5pm. Reply STOP to opt out.';
    expect(renderTemplate(body, ann)).toBe(body);
    expect(renderTemplate('', ann)).toBe('');
  });
});

describe('compileTemplate', () => {
  it('renders many contacts from one compiled body', () => {
    const render = compileTemplate('Dear {{first_name|customer}}, your plan {{plan|?}} renews.');
    expect(render(ann)).toBe('Dear Ann, your plan Gold renews.');
    expect(render(nobody)).toBe('Dear customer, your plan ? renews.');
    expect(render({ firstName: 'Bo', customFields: { plan: 'Basic' } })).toBe('Dear Bo, your plan Basic renews.');
  });
});

describe('parseTemplate', () => {
  it('reports tokens with their positions, standard names in lower case', () => {
    const body = 'Hi {{ First_Name | there }}, {{City}}!';
    expect(parseTemplate(body)).toEqual({
      tokens: [
        { field: 'first_name', fallback: 'there', start: 3, end: 27, standard: true },
        { field: 'City', fallback: null, start: 29, end: 37, standard: false },
      ],
      problems: [],
    });
    expect(body.slice(29, 37)).toBe('{{City}}');
  });

  it('reports each malformed tag with where it is and why', () => {
    const { tokens, problems } = parseTemplate(`{{}} {{first\nname}} {{${'n'.repeat(65)}}} {{${'n'.repeat(64)}}} {{tag1 {{tag2}} {{last`);
    expect(tokens.map((token) => token.field)).toEqual(['n'.repeat(64), 'tag2']);
    expect(problems).toEqual([
      { start: 0, end: 4, message: 'Merge field has no name, e.g. {{first_name}}' },
      { start: 5, end: 19, message: 'Merge field name must not contain braces, | or line breaks' },
      { start: 20, end: 89, message: 'Merge field name must be at most 64 characters' },
      { start: 159, end: 161, message: "Merge field is not closed: add '}}'" },
      { start: 175, end: 177, message: "Merge field is not closed: add '}}'" },
    ]);
  });

  it('finds nothing in plain text and single braces', () => {
    expect(parseTemplate('a { b } c }} d')).toEqual({ tokens: [], problems: [] });
  });
});

describe('standardMergeField', () => {
  it('names the standard field in any case, null for custom fields', () => {
    expect(standardMergeField('TAG3')).toBe('tag3');
    expect(standardMergeField('firstName')).toBeNull();
    expect(standardMergeField('City')).toBeNull();
  });
});

describe('estimateRendered', () => {
  it('stands in for each field with its likely-longest length', () => {
    const estimate = estimateRendered('Hi {{first_name}}, {{City}}.');
    expect(estimate).toHaveLength('Hi , .'.length + DEFAULT_MERGE_FIELD_LENGTHS.first_name + DEFAULT_MERGE_FIELD_LENGTHS.custom);
    expect(analyseSms(estimate).encoding).toBe('GSM-7');
  });

  it('takes lengths by field name and for custom fields in general', () => {
    expect(estimateRendered('{{FIRST_NAME}}|{{City}}|{{plan}}', { first_name: 3, City: 2, custom: 1 })).toBe('xxx|xx|x');
  });

  it('keeps a fallback, padded to the field length, so a UCS-2 fallback shows as UCS-2', () => {
    expect(estimateRendered('{{first_name|Zoë}}', { first_name: 5 })).toBe('Zoëxx');
    expect(estimateRendered('{{first_name|a long fallback}}', { first_name: 2 })).toBe('a long fallback');
    expect(analyseSms(estimateRendered('Hi {{first_name|l’ami}}')).encoding).toBe('UCS-2');
  });

  it('leaves malformed tags in the count as written', () => {
    expect(estimateRendered('{{first_name {{}}')).toBe('{{first_name {{}}');
  });
});

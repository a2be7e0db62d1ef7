import { describe, expect, it } from 'vitest';
import { createNoteBodySchema, mentionsInBody } from './notes.ts';

const maria = { id: 'u1', name: 'Maria Manager' };
const alex = { id: 'u2', name: 'Alex' };

describe('note mentions', () => {
  it('count the picked users whose @Name the text still holds, any case, each once', () => {
    expect(mentionsInBody('Ask @maria manager and @Alex', [maria, alex, maria])).toEqual([maria, alex]);
    // A pick whose name was deleted from the text no longer counts.
    expect(mentionsInBody('Ask Maria Manager', [maria])).toEqual([]);
    expect(mentionsInBody('email alex@example.org', [alex])).toEqual([]);
  });

  it('a note body is trimmed, required and limited', () => {
    const contactId = '0190a6a0-0000-7000-8000-000000000001';
    expect(createNoteBodySchema.parse({ contactId, body: '  Hi  ' })).toEqual({ contactId, body: 'Hi', mentions: [] });
    expect(createNoteBodySchema.safeParse({ contactId, body: '   ' }).success).toBe(false);
    expect(createNoteBodySchema.safeParse({ contactId, body: 'x'.repeat(4001) }).success).toBe(false);
  });
});

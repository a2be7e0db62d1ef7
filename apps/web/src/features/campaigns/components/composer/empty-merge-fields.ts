import { parseTemplate, renderTemplate, type TemplateContact } from '@sms/contracts/message-template';

/**
 * The merge fields of a body that come out empty for a contact (`{}`: no contact), as written
 * between the braces, each once: no value and no fallback (or a blank one). Each tag is rendered
 * alone by the same rules the sending engine applies, so the answer never disagrees with what is sent.
 */
export function emptyMergeFields(body: string, contact: TemplateContact): string[] {
  const empty = new Set<string>();
  for (const token of parseTemplate(body).tokens) {
    if (renderTemplate(body.slice(token.start, token.end), contact).trim() === '') empty.add(token.field);
  }
  return [...empty];
}

import { estimateRendered, parseTemplate, type MergeToken, type TemplateProblem } from '@sms/contracts/message-template';
import { analyseSms, replaceLookalikesCounted, type SmsAnalysis } from '@sms/contracts/sms-encoding';

export interface MessageStats {
  /** Encoding, characters and parts of the message as a recipient gets it (merge fields at their likely length). */
  analysis: SmsAnalysis;
  /** Characters of the body that force UCS-2, once each in order of appearance, with how often they occur. */
  nonGsm: Array<{ char: string; count: number }>;
  /** Characters "replace look-alikes" would change. */
  lookalikes: number;
  tokens: MergeToken[];
  /** Malformed merge tags (sent as written). */
  problems: TemplateProblem[];
}

/** Everything the composer's counter and warnings show about a message body. */
export function messageStats(body: string): MessageStats {
  const { tokens, problems } = parseTemplate(body);
  const analysis = analyseSms(estimateRendered(body));
  const counts = new Map<string, number>();
  for (const { char } of analyseSms(body).nonGsmCharacters) counts.set(char, (counts.get(char) ?? 0) + 1);
  return {
    analysis,
    nonGsm: [...counts].map(([char, count]) => ({ char, count })),
    lookalikes: replaceLookalikesCounted(body).replaced,
    tokens,
    problems,
  };
}

/** A merge tag as typed into a body: `{{first_name}}`, `{{City|Paris}}`. */
export function mergeTag(field: string, fallback: string): string {
  const value = fallback.trim();
  return `{{${field.trim()}${value ? `|${value}` : ''}}}`;
}

/** The body with `text` put in place of the selection [start, end), and where the caret goes after it. */
export function insertAt(body: string, text: string, start: number, end: number): { body: string; caret: number } {
  const from = Math.max(0, Math.min(start, body.length));
  const to = Math.max(from, Math.min(end, body.length));
  return { body: body.slice(0, from) + text + body.slice(to), caret: from + text.length };
}

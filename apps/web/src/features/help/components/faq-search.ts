/**
 * Client-side search of the help entries: every word of the query must appear in the entry
 * (question, answer or table), ignoring case and accents, so "reponse" finds "Réponse" and a
 * query without its Arabic diacritics still matches. Matches are mapped back onto the original
 * text for highlighting.
 */

export interface SearchableEntry {
  id: string;
  question: string;
  /** Everything else the entry shows, as plain text (answer, table cells). */
  body: string;
}

/** Text folded for matching, with where each folded character came from in the original. */
interface Folded {
  text: string;
  /** Original start index of each folded character. */
  start: number[];
  /** Original end index (exclusive) of each folded character. */
  end: number[];
}

// Arabic letters written several ways (hamza forms, alef maqsura, ta marbuta) fold to one.
const ARABIC_VARIANTS: Record<string, string> = { أ: 'ا', إ: 'ا', آ: 'ا', ٱ: 'ا', ى: 'ي', ة: 'ه', ؤ: 'و', ئ: 'ي' };

/** One character folded: lower case, no diacritics (Latin accents, Arabic harakat), variants unified. */
function foldChar(char: string): string {
  const bare = char.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  return ARABIC_VARIANTS[bare] ?? bare;
}

/** Folds a text, keeping the map back to the original (code points, so emoji stay whole). */
export function fold(text: string): Folded {
  const folded: Folded = { text: '', start: [], end: [] };
  let index = 0;
  for (const char of text) {
    const next = index + char.length;
    const units = foldChar(char);
    folded.text += units;
    // One entry per UTF-16 unit, as indexOf counts them.
    for (let unit = 0; unit < units.length; unit++) {
      folded.start.push(index);
      folded.end.push(next);
    }
    index = next;
  }
  return folded;
}

/** The query's words, folded, without duplicates (at most 8: more would only narrow nothing). */
export function queryTerms(query: string): string[] {
  const words = fold(query).text.split(/\s+/).filter(Boolean);
  return [...new Set(words)].slice(0, 8);
}

/**
 * The entries containing every term, those whose question contains every term first (each group
 * in its original order). An empty query keeps every entry.
 */
export function searchFaq<T extends SearchableEntry>(entries: readonly T[], query: string): T[] {
  const terms = queryTerms(query);
  if (terms.length === 0) return [...entries];
  const inQuestion: T[] = [];
  const elsewhere: T[] = [];
  for (const entry of entries) {
    const question = fold(entry.question).text;
    const all = `${question}\n${fold(entry.body).text}`;
    if (!terms.every((term) => all.includes(term))) continue;
    (terms.every((term) => question.includes(term)) ? inQuestion : elsewhere).push(entry);
  }
  return [...inQuestion, ...elsewhere];
}

export interface TextPart {
  text: string;
  match: boolean;
}

/** Splits `text` into matched and unmatched parts for `terms` (overlapping matches merged). */
export function highlightParts(text: string, terms: readonly string[]): TextPart[] {
  if (terms.length === 0 || text === '') return [{ text, match: false }];
  const folded = fold(text);
  const ranges: Array<[number, number]> = [];
  for (const term of terms) {
    for (let at = folded.text.indexOf(term); at !== -1; at = folded.text.indexOf(term, at + term.length)) {
      ranges.push([folded.start[at] ?? 0, folded.end[at + term.length - 1] ?? text.length]);
    }
  }
  if (ranges.length === 0) return [{ text, match: false }];
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: Array<[number, number]> = [];
  for (const range of ranges) {
    const last = merged[merged.length - 1];
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([range[0], range[1]]);
  }
  const parts: TextPart[] = [];
  let cursor = 0;
  for (const [from, to] of merged) {
    if (from > cursor) parts.push({ text: text.slice(cursor, from), match: false });
    parts.push({ text: text.slice(from, to), match: true });
    cursor = to;
  }
  if (cursor < text.length) parts.push({ text: text.slice(cursor), match: false });
  return parts;
}

/** The name being typed after an @ just before the caret ("@Ma" -> "Ma"), or null. */
export function mentionQuery(text: string, caret: number): { start: number; search: string } | null {
  const match = /(^|\s)@([^\s@]{0,30})$/u.exec(text.slice(0, caret));
  return match ? { start: caret - (match[2]?.length ?? 0) - 1, search: match[2] ?? '' } : null;
}

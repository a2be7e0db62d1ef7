/** The campaign name limit of the follow-up body (followUpBodySchema.name, in UTF-16 code units like zod). */
export const FOLLOW_UP_NAME_MAX = 120;

/** The suggested name cut to the limit, never in the middle of a character made of two code units. */
export function defaultFollowUpName(suggested: string): string {
  let cut = suggested.slice(0, FOLLOW_UP_NAME_MAX);
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return cut.trim();
}

/** Escapes LIKE wildcards (and the escape character) so a search for "50%" or "a_b" matches those characters literally. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

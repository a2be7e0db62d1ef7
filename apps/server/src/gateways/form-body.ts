/** Parses a urlencoded body into fields; a repeated name keeps every value, in order (Twilio's and http gateways' callbacks). */
export function parseForm(body: string): Record<string, string | string[]> {
  const form: Record<string, string | string[]> = Object.create(null);
  for (const [name, value] of new URLSearchParams(body)) {
    if (name === '__proto__') continue;
    const previous = form[name];
    form[name] = previous === undefined ? value : Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
  return form;
}

/**
 * Mail-template placeholders: `{shopName}` in a subject or body is replaced by its value. Only the
 * names a template kind offers are placeholders; anything else in braces is text and stays as written, so
 * a JSON snippet or an emoticon in a body is not mangled.
 */
const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9]*)\}/g;

/** Every `{name}` used in a text, in order of first use. */
export const placeholdersIn = (text: string): string[] => [
  ...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!)),
];

/** The names used that the kind does not offer (a typo such as `{shopname}`): the editor refuses them. */
export const unknownPlaceholders = (text: string, offered: readonly string[]): string[] =>
  placeholdersIn(text).filter((name) => !offered.includes(name));

/**
 * Fills a template. Values are inserted as they are (the HTML part escapes the whole rendered text later);
 * a placeholder without a value becomes empty, never the literal `{name}` in a sent mail.
 */
export const renderPlaceholders = (
  text: string,
  values: Readonly<Record<string, string | number | null | undefined>>,
  offered: readonly string[],
): string =>
  text.replace(PLACEHOLDER, (whole, name: string) => {
    if (!offered.includes(name)) return whole;
    const v = values[name];
    return v === null || v === undefined ? '' : String(v);
  });

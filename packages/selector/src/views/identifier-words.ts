/**
 * Split an identifier or a phrase into lowercase words: camelCase, PascalCase, snake_case, kebab-case,
 * dotted and path-like names all come apart (`getHTTPResponse` -> `get http response`).
 */
export function identifierWords(text: string): string[] {
  const spaced = text
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .replace(/(\p{L})(\p{N})/gu, '$1 $2');
  return spaced.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** A readable phrase for an identifier: `send_email_smtp` -> `send email smtp`. */
export function humanizeIdentifier(text: string): string {
  return identifierWords(text).join(' ');
}

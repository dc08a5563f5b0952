const MAX_LENGTH = 120;

/**
 * A client's file name made safe to show and to offer as a download name: no folders, no control or
 * bidirectional-override characters, no quotes or separators that could break a header, a sane length, and
 * the extension the server decided on. It is display text only: files are stored under server-made names.
 */
export function displayFileName(name: string, extension: string): string {
  const base = (name.split(/[/\\]/).pop() ?? '')
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}"*:<>?|;]/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  const stem = base.replace(/\.[^.]*$/, '').trim() || 'document';
  return `${[...stem].slice(0, MAX_LENGTH).join('')}.${extension}`;
}

/** What a file is by its first bytes (its "magic"), never by its name or the type its sender declared. */
export type ImageKind = 'jpeg' | 'png' | 'webp';
export type FileKind = ImageKind | 'pdf';

const startsWith = (data: Buffer, magic: readonly number[], at = 0) =>
  data.length >= at + magic.length && magic.every((byte, i) => data[at + i] === byte);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const RIFF = ascii('RIFF');
const WEBP = ascii('WEBP');
const PDF = ascii('%PDF-');

/** The kind of file the bytes start like, or null for anything else (text, executables, archives...). */
export function detectFileKind(data: Buffer): FileKind | null {
  if (startsWith(data, JPEG)) return 'jpeg';
  if (startsWith(data, PNG)) return 'png';
  if (startsWith(data, RIFF) && startsWith(data, WEBP, 8)) return 'webp';
  if (startsWith(data, PDF)) return 'pdf';
  return null;
}

/** The API key as the server shows it: first 4 and last 4 characters. */
export function maskKey(apiKey: string): string {
  const key = apiKey.trim();
  return key.length <= 8 ? `${key.slice(0, 2)}****` : `${key.slice(0, 4)}****${key.slice(-4)}`;
}

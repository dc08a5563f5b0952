/** Shows enough of a name for a person to recognise it, not enough to harvest it. */
export function maskName(name: string): string {
  if (name.length <= 2) return `${name[0] ?? ''}*`;
  const keep = name.length <= 5 ? 1 : 2;
  return `${name.slice(0, keep)}${'*'.repeat(Math.max(3, name.length - keep * 2))}${name.slice(-keep)}`;
}

export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***${local.length > 3 ? local.slice(-1) : ''}@${domain}`;
}

export function maskMobile(mobile: string): string {
  return `${mobile.slice(0, 3)}${'*'.repeat(Math.max(3, mobile.length - 6))}${mobile.slice(-3)}`;
}

export function maskDestination(destination: string): string {
  return destination.includes('@') ? maskEmail(destination) : maskMobile(destination);
}

import type { TOutboxItem } from '@app/contracts';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A plain page of what the dev SMTP catcher and SMS outbox received, newest first. Developers only. */
export function renderOutboxPage(items: TOutboxItem[]): string {
  const rows = items
    .map(
      (m) => `<article><header><b>${escapeHtml(m.subject)}</b> · ${m.channel} to ${escapeHtml(m.to)}
      <time>${escapeHtml(m.sentAt)}</time></header><pre>${escapeHtml(m.text)}</pre></article>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Dev outbox</title>
<style>body{font:14px system-ui,sans-serif;margin:16px;max-width:760px}article{border:1px solid #ddd;
border-radius:8px;padding:8px 12px;margin:8px 0}time{color:#888;float:right}pre{white-space:pre-wrap}</style>
</head><body><h1>Dev outbox</h1><p>Mail and SMS the platform sent while running without SMTP_URL.
Not available in production.</p>${rows || '<p>Nothing sent yet.</p>'}</body></html>`;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Shop names and addresses are user input: everything that goes into the HTML is escaped. */
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

export type MailRow = { label: string; value: string; href?: string };

/** Free text (a template's body) as HTML: escaped, line breaks kept, web addresses made links. */
const paragraphHtml = (text: string) =>
  escapeHtml(text)
    .replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`)
    .replace(/\n/g, '<br>');

/**
 * The console's e-mails are a title, an optional intro (an SI's template body), a two-column table and an optional note, in HTML and in plain text
 * with the same lines (the text part is what tests and text-only clients read).
 */
export const renderMail = (mail: { title: string; intro?: string; rows: MailRow[]; note?: string }) => {
  const text = [
    mail.title,
    '',
    ...(mail.intro ? [mail.intro, ''] : []),
    ...mail.rows.map((r) => `${r.label}: ${r.value}`),
    ...(mail.note ? ['', mail.note] : []),
  ].join('\n');
  const cell =
    'padding:6px 12px;border:1px solid #d9d9d9;text-align:left;vertical-align:top;word-break:break-word';
  const rows = mail.rows
    .map((r) => {
      const value = r.href
        ? `<a href="${escapeHtml(r.href)}">${escapeHtml(r.value)}</a>`
        : escapeHtml(r.value);
      return `<tr><th style="${cell};background:#fafafa;white-space:nowrap">${escapeHtml(r.label)}</th><td style="${cell}">${value}</td></tr>`;
    })
    .join('');
  const html = [
    '<!doctype html><html><body style="font-family:sans-serif;color:#222">',
    `<h2 style="font-size:18px">${escapeHtml(mail.title)}</h2>`,
    mail.intro ? `<p style="line-height:1.6">${paragraphHtml(mail.intro)}</p>` : '',
    `<table style="border-collapse:collapse">${rows}</table>`,
    mail.note ? `<p>${escapeHtml(mail.note)}</p>` : '',
    '</body></html>',
  ].join('');
  return { text, html };
};

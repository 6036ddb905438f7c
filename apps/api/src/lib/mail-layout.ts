const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

export interface EmailContent {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  after?: string[];
  /** Small print under the message, each line with its link: why this e-mail came, how to stop it. */
  footer?: { text: string; link: { label: string; url: string } }[];
  /** The layout's own words in the reader's language; English when left out. */
  words?: Partial<EmailLayoutWords>;
}

/** What the layout itself says around every message. */
export interface EmailLayoutWords {
  /** Above the button's address, for mail clients that do not show buttons. */
  buttonHint: string;
  /** The last line of every e-mail. */
  tagline: string;
}

const ENGLISH_LAYOUT: EmailLayoutWords = {
  buttonHint: 'If the button does not work, copy this address into your browser:',
  tagline: 'Freightlane · Haulage from the ports of Lagos and Port Harcourt and beyond',
};

/** Every e-mail shares this plain, light layout: readable on a cheap phone and in plain-text clients. */
export function renderEmail(content: EmailContent): { subject: string; text: string; html: string } {
  const words = { ...ENGLISH_LAYOUT, ...content.words };
  const textParts = [content.greeting, '', ...content.paragraphs.flatMap((p) => [p, ''])];
  if (content.action) textParts.push(`${content.action.label}: ${content.action.url}`, '');
  for (const p of content.after ?? []) textParts.push(p, '');
  for (const f of content.footer ?? []) textParts.push(`${f.text} ${f.link.label}: ${f.link.url}`, '');
  textParts.push(words.tagline);

  const p = (t: string) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(t)}</p>`;
  const button = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#2b8a3e;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(content.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#555">${escapeHtml(words.buttonHint)}<br><a href="${escapeHtml(content.action.url)}" style="color:#2b8a3e;word-break:break-all">${escapeHtml(content.action.url)}</a></p>`
    : '';
  const html = `<!doctype html><html><body style="margin:0;background:#f4f6f5;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#1a1a1a">
<div style="max-width:560px;margin:0 auto;padding:24px">
<div style="font-size:20px;font-weight:700;color:#2b8a3e;margin-bottom:16px">Freightlane</div>
<div style="background:#ffffff;border-radius:8px;padding:24px">
${p(content.greeting)}${content.paragraphs.map(p).join('')}${button}${(content.after ?? []).map(p).join('')}
</div>
${(content.footer ?? []).map((f) => `<p style="font-size:12px;color:#666;margin:16px 0 0;line-height:1.5">${escapeHtml(f.text)} <a href="${escapeHtml(f.link.url)}" style="color:#2b8a3e">${escapeHtml(f.link.label)}</a></p>`).join('')}
<p style="font-size:12px;color:#666;margin-top:16px">${escapeHtml(words.tagline)}</p>
</div></body></html>`;
  return { subject: content.subject, text: textParts.join('\n'), html };
}

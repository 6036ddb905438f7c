/**
 * Puts text on the clipboard. The Clipboard API needs a secure context and may be refused, so an older
 * browser or a plain-http intranet address falls back to selecting a hidden text area and copying it.
 * Answers whether the text was copied.
 */
export async function copyText(text: string): Promise<boolean> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Refused (no permission, page not focused): the fallback below may still work.
    }
  }
  return copyWithSelection(text);
}

function copyWithSelection(text: string): boolean {
  const previousFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.top = '0';
  area.style.opacity = '0';
  document.body.append(area);
  area.focus();
  area.select();
  let copied = false;
  try {
    copied = typeof document.execCommand === 'function' && document.execCommand('copy');
  } catch {
    copied = false;
  }
  area.remove();
  previousFocus?.focus();
  return copied;
}

/**
 * Puts `text` on the clipboard. The Clipboard API exists only on secure origins, and a self-hosted
 * server is often reached over plain http on a LAN, where only the older selection copy works.
 */
export async function copyToClipboard(text: string): Promise<void> {
  // Typed as always there; it is not on insecure origins.
  const clipboard = navigator.clipboard as Clipboard | undefined;
  if (clipboard) {
    try {
      await clipboard.writeText(text);
      return;
    } catch {
      // Refused (permissions, focus): try the older way.
    }
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  document.body.append(area);
  area.select();
  let copied = false;
  try {
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- the only way without the Clipboard API
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  } finally {
    area.remove();
    previous?.focus();
  }
  if (!copied) throw new Error('The browser refused to copy.');
}

// Saving text the page built as a file: a Blob URL on a temporary link with `download`, so the
// browser saves it without a round trip to the server.

/** The UTF-8 byte order mark: without it, Excel reads a UTF-8 CSV as the system's code page. */
const BOM = '\uFEFF';

export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([BOM, text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL by now; give the browser a moment before freeing it.
  window.setTimeout(() => {
    URL.revokeObjectURL(url);
  }, 1000);
}

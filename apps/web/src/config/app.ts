// The product name shown in the UI (docs/product/http-contract.md#configuration: APP_NAME, default Questboard). The server writes
// the configured name into <meta name="application-name"> when it serves index.html, so it is a
// runtime setting, not a build-time one. Read once, here.
export function productName(configured: string | null | undefined): string {
  const name = configured?.trim();
  return name === undefined || name === '' ? 'Questboard' : name;
}

export const APP_NAME = productName(
  typeof document === 'undefined' ? undefined : document.querySelector<HTMLMetaElement>('meta[name="application-name"]')?.content,
);

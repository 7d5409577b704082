import fs from 'node:fs';

/** docs/product/http-contract.md#commands: Chromium via CHROME_PATH, then /usr/bin/chromium. */
export function findChrome(env = process.env) {
  const candidates = [env.CHROME_PATH, '/usr/bin/chromium'].filter(Boolean);
  return candidates.find((file) => {
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return fs.statSync(file).isFile();
    } catch {
      return false;
    }
  });
}

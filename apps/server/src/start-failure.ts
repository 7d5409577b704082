// Issue 21: a first start on a full disk printed "could not start: [object Object]". PGlite's
// WebAssembly file system throws plain { name: 'ErrnoError', errno } objects, not Errors, with
// emscripten's own errno numbers; this names them the way Node names its own.
const emscriptenErrnos: Record<number, string> = {
  2: 'EACCES: permission denied',
  19: 'EDQUOT: disk quota exceeded',
  20: 'EEXIST: file already exists',
  29: 'EIO: i/o error',
  44: 'ENOENT: no such file or directory',
  48: 'ENOMEM: out of memory',
  51: 'ENOSPC: no space left on device',
  63: 'EPERM: operation not permitted',
  69: 'EROFS: read-only file system',
};

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim();
}

/** Why the start failed, in one line a person can act on, whatever was thrown. */
export function describeStartFailure(error: unknown, dataDir: string): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    const message = oneLine(error.message) || error.name;
    return typeof code === 'string' && !message.includes(code) ? `${message} (${code})` : message;
  }
  if (typeof error === 'object' && error !== null) {
    const { name, errno, message } = error as { name?: unknown; errno?: unknown; message?: unknown };
    if (name === 'ErrnoError' && typeof errno === 'number') {
      const reason = emscriptenErrnos[errno] ?? `file system error ${errno}`;
      return `${reason}, in the embedded database under DATA_DIR ${dataDir}`;
    }
    if (typeof message === 'string' && message !== '') return oneLine(message);
    try {
      return oneLine(JSON.stringify(error)).slice(0, 500);
    } catch {
      return Object.prototype.toString.call(error);
    }
  }
  return oneLine(String(error));
}

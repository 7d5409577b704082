import { mkdtemp, readFile, readdir, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileStorage, defaultFileStoragePath } from './file-storage';
import type { PersistedState } from './types';

const state: PersistedState = {
  version: 1,
  anonymousId: 'a1',
  session: { id: 's1', lastEventAt: 5 },
  queue: [
    {
      insert_id: 'i1',
      name: 'level_up',
      user_id: 'a1',
      timestamp: '2026-05-01T12:00:00.000Z',
      properties: { text: 'Grüße 🎮' },
    },
  ],
};

describe('createFileStorage', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'questboard-sdk-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('loads nothing before the first save, then what was saved, creating the folder', async () => {
    const file = path.join(dir, 'nested', 'folder', 'queue.json');
    const storage = createFileStorage({ path: file });
    expect(storage.load()).toBeUndefined();
    await storage.save(state);
    expect(createFileStorage({ path: file }).load()).toEqual(state);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(state);
  });

  it('replaces the file by renaming a complete temporary one, leaving no temporary file behind', async () => {
    const file = path.join(dir, 'queue.json');
    const storage = createFileStorage({ path: file });
    await storage.save(state);
    await storage.save({ ...state, queue: [] });
    expect(await readdir(dir)).toEqual(['queue.json']);
    expect(storage.load()).toEqual({ ...state, queue: [] });
  });

  it('keeps the previous file and removes its temporary file when a save fails', async () => {
    const file = path.join(dir, 'queue.json');
    await mkdir(file); // a folder where the file should be: the rename fails
    await writeFile(path.join(file, 'keep'), 'x');
    await expect(createFileStorage({ path: file }).save(state)).rejects.toThrow();
    expect(await readdir(dir)).toEqual(['queue.json']);
    expect(await readdir(file)).toEqual(['keep']);
  });

  it('throws on a file that is not JSON, for the SDK to warn and start afresh', async () => {
    const file = path.join(dir, 'queue.json');
    await writeFile(file, '{"version": 1, "queue": [');
    expect(() => createFileStorage({ path: file }).load()).toThrow(SyntaxError);
  });
});

describe('defaultFileStoragePath', () => {
  it('is a file under the temporary folder, one per ingestion key, not naming the key', () => {
    const one = defaultFileStoragePath('qbk_one_0000000000000000000000');
    expect(path.dirname(one)).toBe(path.join(tmpdir(), 'questboard'));
    expect(one).toMatch(/[0-9a-f]{16}\.json$/);
    expect(one).not.toContain('qbk_');
    expect(defaultFileStoragePath('qbk_one_0000000000000000000000')).toBe(one);
    expect(defaultFileStoragePath('qbk_two_0000000000000000000000')).not.toBe(one);
  });
});

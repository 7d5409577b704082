import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { leftovers, ownedPrefix, ownerOf, processAlive, removeLeftovers } from './test-leftovers';

describe('the folders of killed test runs', () => {
  it.each<[string, number | undefined]>([
    ['questboard-test-4242-AbC123', 4242],
    ['questboard-ch-1-zzzzzz', 1],
    ['questboard-small-disk-77-a1B2c3', 77],
    // Made before the rule, or by something else: no owner recorded.
    ['questboard-test-AbC123', undefined],
    ['questboard-pg-4242', undefined],
    ['questboard-test-4242-AbC12', undefined],
    ['questboard-test-42x-AbC123', undefined],
    ['other-test-4242-AbC123', undefined],
    ['PostgreSQL.1532572530', undefined],
  ])('%s records owner %s', (name, owner) => {
    expect(ownerOf(name)).toBe(owner);
  });

  it('names a folder so that its owner can be read back', () => {
    const name = `${ownedPrefix('template', 31337)}Xy9Z01`;
    expect(name).toBe('questboard-template-31337-Xy9Z01');
    expect(ownerOf(name)).toBe(31337);
    expect(() => ownedPrefix('ch-42', 1)).toThrow(/kind/);
    expect(() => ownedPrefix('test', 0)).toThrow(/pid/);
  });

  it('leaves the folders of live owners and of unknown ones, and only those', () => {
    const alive = new Set([10, 30]);
    const names = ['questboard-test-10-aaaaaa', 'questboard-test-20-bbbbbb', 'questboard-pg-30-cccccc', 'questboard-ch-40-dddddd', 'questboard-test-eeeeee'];
    expect(leftovers(names, (pid) => alive.has(pid))).toEqual(['questboard-test-20-bbbbbb', 'questboard-ch-40-dddddd']);
    expect(leftovers(names, () => true)).toEqual([]);
  });

  describe('on disk, with real processes', () => {
    let root: string | undefined;
    afterEach(() => {
      if (root) fs.rmSync(root, { recursive: true, force: true });
    });

    it('removes the folders of an ended process, with their contents, and keeps the rest', () => {
      root = fs.mkdtempSync(path.join(os.tmpdir(), 'leftovers-'));
      // A process that has ended: its pid names no process now (a pid is not reused this soon).
      const ended = spawnSync(process.execPath, ['-e', ''], { stdio: 'ignore' }).pid;
      expect(processAlive(ended)).toBe(false);
      expect(processAlive(process.pid)).toBe(true);
      const dead = path.join(root, `${ownedPrefix('pg', ended)}AbC123`);
      fs.mkdirSync(path.join(dead, 'data'), { recursive: true });
      fs.writeFileSync(path.join(dead, 'data', 'PG_VERSION'), '15\n');
      const live = path.join(root, `${ownedPrefix('test', process.pid)}AbC123`);
      const unknown = path.join(root, 'questboard-test-AbC123');
      for (const folder of [live, unknown]) fs.mkdirSync(folder);
      // A file named like a folder is not one.
      fs.writeFileSync(path.join(root, `${ownedPrefix('ch', ended)}zzzzzz`), '');

      expect(removeLeftovers(root)).toEqual([path.basename(dead)]);
      expect(fs.readdirSync(root).sort()).toEqual([`${ownedPrefix('ch', ended)}zzzzzz`, path.basename(live), path.basename(unknown)].sort());
      expect(removeLeftovers(root)).toEqual([]);
    });
  });
});

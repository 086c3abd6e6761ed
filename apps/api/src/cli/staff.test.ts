import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, it, vi } from 'vitest';

import { prepareDatabase } from '../db/prepare';
import { staff } from '../db/schema';
import { verifyPassword } from '../modules/users/passwords';
import { runCli } from '../test/run-cli';

import { main, parseStaffCommand, StaffUsageError } from './staff';

describe('parseStaffCommand', () => {
  it('reads add with its three options, and refuses anything else with a reason', () => {
    expect(parseStaffCommand(['add', '--email', ' Sara@Shop.TEST', '--name', 'Sara', '--role', 'catalog'])).toEqual({ command: 'add', email: 'sara@shop.test', name: 'Sara', role: 'catalog' });
    expect(parseStaffCommand([])).toEqual({ command: 'help' });
    expect(parseStaffCommand(['--help'])).toEqual({ command: 'help' });
    expect(() => parseStaffCommand(['add', '--name', 'Sara', '--role', 'catalog'])).toThrow(/--email: is required/);
    expect(() => parseStaffCommand(['add', '--email', 'nope', '--name', 'Sara', '--role', 'catalog'])).toThrow(/--email: email must be a valid email/);
    expect(() => parseStaffCommand(['add', '--email', 'a@b.co', '--name', 'Sara', '--role', 'admin'])).toThrow(/--role: must be owner, catalog or support/);
    expect(() => parseStaffCommand(['add', '--email', 'a@b.co', '--name', 'Sara', '--role', 'owner', '--password', 'x'])).toThrow(StaffUsageError);
    expect(() => parseStaffCommand(['remove'])).toThrow(/Unknown command: remove/);
  });
});

describe('npm run staff -- add', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('adds a member with the password read from standard input, in its own process; refuses short, common and taken', { timeout: 120_000 }, async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'dukkan-staff-cli-'));
    dirs.push(dataDir);
    await (await prepareDatabase({ dataDir, databaseUrl: undefined })).close();

    const password = 'cli-Owner-passphrase-42';
    const run = await runCli('staff', ['add', '--email', 'Owner@Shop.test', '--name', 'Shop Owner', '--role', 'owner'], dataDir, {}, `${password}\n`);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Added Shop Owner as owner \(id [0-9a-f-]{36}\)/);

    const env = { DATA_DIR: dataDir };
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const args = ['add', '--email', 'second@shop.test', '--name', 'Second', '--role', 'catalog'];
      expect(await main(args, env, () => Promise.resolve('short-pass'))).toBe(1);
      expect(String(errors.mock.calls.at(-1)?.[0])).toMatch(/password must be at least 12 characters/);
      expect(await main(args, env, () => Promise.resolve('password123456'))).toBe(1);
      expect(String(errors.mock.calls.at(-1)?.[0])).toMatch(/password: this password is too common/);
      expect(await main(['add', '--email', 'owner@shop.test', '--name', 'Again', '--role', 'catalog'], env, () => Promise.resolve(password))).toBe(1);
      expect(String(errors.mock.calls.at(-1)?.[0])).toMatch(/already exists/);
    } finally {
      errors.mockRestore();
    }

    const database = await prepareDatabase({ dataDir, databaseUrl: undefined });
    try {
      const rows = await database.db.select().from(staff);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ email: 'owner@shop.test', name: 'Shop Owner', role: 'owner', disabled: false });
      expect(await verifyPassword(rows[0]!.passwordHash!, password)).toBe(true);
    } finally {
      await database.close();
    }
  });
});

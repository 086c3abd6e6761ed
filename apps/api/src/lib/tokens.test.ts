import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { TokenService } from './tokens';

const secret = new TextEncoder().encode('a test secret of at least thirty-two bytes');
const payload = { id: '0b8f0a7e-4b8e-4a55-9d2f-6a3c1d2e9f10', name: 'Layla', tv: 0 };

describe('TokenService.verify', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers the payload of a genuine token, again and again', async () => {
    const tokens = new TokenService(secret);
    const token = await tokens.sign(payload);
    expect(await tokens.verify(token)).toEqual(payload);
    expect(await tokens.verify(token)).toEqual(payload);
  });

  it('refuses an altered token even after the genuine one was verified', async () => {
    const tokens = new TokenService(secret);
    const token = await tokens.sign(payload);
    await tokens.verify(token);
    const [header, body, signature] = token.split('.') as [string, string, string];
    const forgedBody = Buffer.from(JSON.stringify({ ...payload, id: '1b8f0a7e-4b8e-4a55-9d2f-6a3c1d2e9f10', exp: 4_000_000_000 })).toString('base64url');
    expect(await tokens.verify(`${header}.${forgedBody}.${signature}`)).toBeNull();
    expect(await tokens.verify(`${header}.${body}.${signature.slice(0, -2)}AA`)).toBeNull();
    expect(await tokens.verify(token)).toEqual(payload);
  });

  it('refuses a remembered token once it has expired', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-01T00:00:00Z'));
    const tokens = new TokenService(secret);
    const token = await tokens.sign(payload);
    expect(await tokens.verify(token)).toEqual(payload);

    vi.setSystemTime(new Date('2026-11-07T23:59:00Z'));
    expect(await tokens.verify(token)).toEqual(payload);
    vi.setSystemTime(new Date('2026-11-08T00:00:01Z'));
    expect(await tokens.verify(token)).toBeNull();
  });

  it('refuses a token signed with another secret or algorithm', async () => {
    const tokens = new TokenService(secret);
    const other = await new SignJWT(payload).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(new TextEncoder().encode('another secret of at least thirty-two bytes'));
    expect(await tokens.verify(other)).toBeNull();
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.`;
    expect(await tokens.verify(unsigned)).toBeNull();
  });
});

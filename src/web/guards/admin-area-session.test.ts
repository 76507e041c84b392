import { describe, expect, it } from 'vitest';
import { loginUrlFor, readStored, removeStored, sameSitePath, writeStored } from './admin-area-session';

describe('the staff areas’ stored sessions', () => {
  it('survive storage that throws (blocked or full)', () => {
    const broken = {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('full');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    };
    expect(readStored('k', broken)).toBeNull();
    expect(() => writeStored('k', 'v', broken)).not.toThrow();
    expect(() => removeStored('k', broken)).not.toThrow();
    expect(readStored('k', null)).toBeNull();
  });

  it('lead to the login with the full original path', () => {
    expect(loginUrlFor('/x-login', { pathname: '/x', search: '?a=1', hash: '#b' })).toBe('/x-login?redirect=%2Fx%3Fa%3D1%23b');
  });

  it('read a redirect as a path of this site only', () => {
    const origin = 'https://sheetboard.example';
    expect(sameSitePath('/a/../b?c=1#d', origin)?.href).toBe('https://sheetboard.example/b?c=1#d');
    for (const bad of ['https://evil.example/', '//evil.example', '/\\evil.example', '/\t/x', ' /x', 'x', '', null, `/${'a'.repeat(3000)}`]) expect(sameSitePath(bad, origin), String(bad)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { memoryStore } from '../../blocks/testing/storage';
import {
  ADMIN_SESSION_KEY,
  adminFlagRemaining,
  adminLoginUrl,
  clearAdminFlag,
  isAdminFlagValid,
  needsAdminSession,
  parseAdminFlag,
  readAdminFlag,
  safeAdminRedirect,
  writeAdminFlag,
} from './admin-session';

const NOW = Date.parse('2026-11-24T12:00:00.000Z');
const LATER = '2026-11-24T20:00:00.000Z';
const EARLIER = '2026-11-24T11:59:59.000Z';

describe('the admin session flag', () => {
  it('is valid while authenticated and the expiry is not past', () => {
    expect(isAdminFlagValid({ authenticated: true, expiresAt: LATER }, NOW)).toBe(true);
    expect(adminFlagRemaining({ authenticated: true, expiresAt: LATER }, NOW)).toBe(8 * 3600_000);
  });

  it('is not valid when missing, not authenticated, expired, exactly at expiry or with an unreadable time', () => {
    expect(isAdminFlagValid(null, NOW)).toBe(false);
    expect(isAdminFlagValid({ authenticated: false, expiresAt: LATER }, NOW)).toBe(false);
    expect(isAdminFlagValid({ authenticated: true, expiresAt: EARLIER }, NOW)).toBe(false);
    expect(isAdminFlagValid({ authenticated: true, expiresAt: new Date(NOW).toISOString() }, NOW)).toBe(false);
    expect(isAdminFlagValid({ authenticated: true, expiresAt: 'soon' }, NOW)).toBe(false);
    expect(adminFlagRemaining({ authenticated: true, expiresAt: EARLIER }, NOW)).toBe(0);
  });

  it('drops stored data it cannot read', () => {
    expect(parseAdminFlag(null)).toBeNull();
    expect(parseAdminFlag('{')).toBeNull();
    expect(parseAdminFlag('true')).toBeNull();
    expect(parseAdminFlag('null')).toBeNull();
    expect(parseAdminFlag('{"authenticated":"yes","expiresAt":"2026-11-24T20:00:00Z"}')).toBeNull();
    expect(parseAdminFlag('{"authenticated":true}')).toBeNull();
    expect(parseAdminFlag(`{"authenticated":true,"expiresAt":"${'x'.repeat(2000)}"}`)).toBeNull();
    expect(parseAdminFlag(`{"authenticated":true,"expiresAt":"${LATER}"}`)).toEqual({ authenticated: true, expiresAt: LATER });
  });

  it('is written, read and cleared as one entry of session storage', () => {
    const s = memoryStore();
    expect(readAdminFlag(s)).toBeNull();
    writeAdminFlag(LATER, s);
    expect(JSON.parse(s.m.get(ADMIN_SESSION_KEY)!)).toEqual({ authenticated: true, expiresAt: LATER });
    expect(readAdminFlag(s)).toEqual({ authenticated: true, expiresAt: LATER });
    clearAdminFlag(s);
    expect(s.m.size).toBe(0);
    expect(readAdminFlag(s)).toBeNull();
  });
});

describe('which paths need the admin session', () => {
  it('covers /dashboard/users and below, /admin and /admin_old', () => {
    for (const p of ['/dashboard/users', '/dashboard/users/', '/dashboard/users/7', '/admin', '/admin/', '/admin/x', '/admin_old', '/admin_old/x'])
      expect(needsAdminSession(p), p).toBe(true);
  });
  it('leaves the login, the owner pages and look-alikes alone', () => {
    for (const p of ['/admin-login', '/administrator', '/dashboard/usersx', '/dashboard/account', '/dashboard', '/', '/blog-admin'])
      expect(needsAdminSession(p), p).toBe(false);
  });
});

describe('the way to the admin login and back', () => {
  it('carries the original full path with its query and hash', () => {
    const url = adminLoginUrl({ pathname: '/dashboard/users', search: '?search=ada&page=2', hash: '#top' });
    expect(url).toBe('/admin-login?redirect=%2Fdashboard%2Fusers%3Fsearch%3Dada%26page%3D2%23top');
    expect(new URLSearchParams(url.split('?')[1]).get('redirect')).toBe('/dashboard/users?search=ada&page=2#top');
    expect(adminLoginUrl({ pathname: '/admin' })).toBe('/admin-login?redirect=%2Fadmin');
  });

  it('goes back only to paths of this site', () => {
    const origin = 'https://sheetboard.example';
    expect(safeAdminRedirect('/dashboard/users?search=ada&page=2', origin)).toBe('/dashboard/users?search=ada&page=2');
    expect(safeAdminRedirect('/admin_old#x', origin)).toBe('/admin_old#x');
    expect(safeAdminRedirect('/admin/../dashboard/users', origin)).toBe('/dashboard/users');
  });

  it('never follows an absolute URL or a trick that leaves the site', () => {
    const origin = 'https://sheetboard.example';
    for (const bad of [
      'https://evil.example/admin',
      'http://sheetboard.example/admin',
      '//evil.example/admin',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/ /evil.example',
      ' /admin',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'admin',
      '',
      null,
      undefined,
      `/${'a'.repeat(3000)}`,
    ])
      expect(safeAdminRedirect(bad, origin), String(bad)).toBe('/admin');
  });

  it('does not loop back to the login page', () => {
    expect(safeAdminRedirect('/admin-login?redirect=%2Fadmin')).toBe('/admin');
  });
});

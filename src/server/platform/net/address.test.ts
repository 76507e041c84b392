import { describe, expect, it } from 'vitest';
import { blockedReason } from './address';

describe('blockedReason', () => {
  it.each([
    // IPv4
    ['8.8.8.8', null],
    ['1.1.1.1', null],
    ['93.184.216.34', null],
    ['172.15.255.255', null],
    ['172.32.0.0', null],
    ['100.63.255.255', null],
    ['100.128.0.0', null],
    ['169.253.255.255', null],
    ['223.255.255.255', null],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'shared'],
    ['100.127.255.255', 'shared'],
    ['169.254.0.1', 'link-local'],
    ['169.254.169.254', 'metadata'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['240.0.0.1', 'reserved'],
    // IPv6
    ['2606:4700:4700::1111', null],
    ['2001:4860:4860::8888', null],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['fc00::1', 'private'],
    ['fd12:3456:789a::1', 'private'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['fec0::1', 'private'],
    ['ff02::1', 'multicast'],
    ['fd00:ec2::254', 'metadata'],
    // IPv4 inside IPv6
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::FFFF:10.1.2.3', 'private'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['::ffff:8.8.8.8', null],
    ['::127.0.0.1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'metadata'],
    ['64:ff9b::8.8.8.8', null],
    ['2002:7f00:1::', 'loopback'],
    ['2002:0808:0808::1', null],
    // not addresses at all
    ['localhost', 'invalid'],
    ['', 'invalid'],
    ['1.2.3', 'invalid'],
  ])('%s → %s', (ip, reason) => {
    expect(blockedReason(ip)).toBe(reason);
  });
});

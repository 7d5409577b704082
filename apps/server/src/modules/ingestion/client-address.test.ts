import { describe, expect, it } from 'vitest';
import { clientAddressKey } from './client-address';

describe('clientAddressKey', () => {
  it.each([
    ['an IPv4 address', '203.0.113.7', '203.0.113.7'],
    ['an IPv4-mapped IPv6 address', '::ffff:203.0.113.7', '203.0.113.7'],
    ['an IPv6 address, by its /64', '2001:db8:85a3:12:8a2e:370:7334:1', '2001:db8:85a3:12::/64'],
    ['another address of the same /64', '2001:0db8:85a3:0012::9', '2001:db8:85a3:12::/64'],
    ['a compressed IPv6 address', '2001:db8::1', '2001:db8:0:0::/64'],
    ['an address with a zone', 'fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['an IPv6 address with an IPv4 tail', '64:ff9b::198.51.100.1', '64:ff9b:0:0::/64'],
    ['IPv4 loopback', '127.0.0.1', null],
    ['another IPv4 loopback address', '127.8.0.2', null],
    ['IPv6 loopback', '::1', null],
    ['mapped loopback', '::ffff:127.0.0.1', null],
    ['something that is no address', 'unknown', 'unknown'],
  ])('%s', (_case, ip, key) => {
    expect(clientAddressKey(ip)).toBe(key);
  });
});

import { isIPv4, isIPv6 } from 'node:net';

/**
 * What the per-address ingestion limit counts a request under (docs/product/rules-and-messages.md#ingestion-limits):
 * an IPv4 address as it is, an IPv6 address by its /64 (one household or phone holds a whole /64,
 * so counting single addresses would let one sender rotate through them), or null for loopback.
 * `request.ip` is the socket's peer, or, for a request from one of the load balancers TRUST_PROXY
 * names, the client its X-Forwarded-For names (docs/deploy.md#the-load-balancer); no one else's
 * header is believed. Behind a proxy on the same machine that is not named, every request comes from
 * loopback and names the proxy, not a player: limiting it would cap every game at once, so loopback
 * is not limited here.
 */
export function clientAddressKey(ip: string): string | null {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  const address = mapped?.[1] ?? ip;
  if (isIPv4(address)) return address.startsWith('127.') ? null : address;
  if (!isIPv6(address)) return address;
  const groups = ipv6Groups(address.replace(/%.*$/, ''));
  if (groups.every((group, index) => group === (index === 7 ? 1 : 0))) return null;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address, `::` expanded (an embedded IPv4 tail is two groups). */
function ipv6Groups(address: string): number[] {
  const parse = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [parseInt(group, 16)];
          const [a, b, c, d] = group.split('.').map(Number) as [number, number, number, number];
          return [(a << 8) | b, (c << 8) | d];
        });
  const [head = '', tail] = address.split('::');
  const front = parse(head);
  if (tail === undefined) return front;
  const back = parse(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

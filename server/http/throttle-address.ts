import ipaddr from 'ipaddr.js';

/** The IPv6 prefix one customer is given at the least, and any of whose addresses it may use. */
const ipv6CustomerPrefix = 64;

/**
 * The client address a throttle counts by (`request.ip`, after `TRUST_PROXY`): an IPv4 address as
 * it is (an IPv4-mapped IPv6 address as its IPv4), an IPv6 address as its /64. One machine with
 * an ordinary IPv6 block can send from 2^64 addresses, and the account throttles let each fresh
 * address try once (docs/decisions/012-throttles-that-cannot-lock-residents-out.md), so counted
 * one by one, IPv6 addresses would make those throttles no limit at all.
 */
export function throttleAddress(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  const block = ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/${ipv6CustomerPrefix}`);
  return `${block.toString()}/${ipv6CustomerPrefix}`;
}

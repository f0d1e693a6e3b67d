import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { isBlockedAddress } from './address-policy.js';

export class BlockedAddressError extends Error {
  readonly code = 'EBLOCKEDADDRESS';
  constructor(readonly hostname: string) {
    super(`${hostname} resolves to an address webhooks may not reach`);
    this.name = 'BlockedAddressError';
  }
}

/**
 * A `lookup` for sockets that refuses blocked addresses at connect time, so a name that
 * resolved to a public address at registration and to a private one now (DNS rebinding) is
 * still refused. Every resolved address must be allowed, not just the first.
 */
export const safeLookup =
  (allowPrivate: boolean): LookupFunction =>
  (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 4);
      const allowed = allowPrivate
        ? addresses
        : addresses.filter((a) => !isBlockedAddress(a.address));
      if (allowed.length === 0 || allowed.length !== addresses.length) {
        return callback(new BlockedAddressError(hostname), '', 4);
      }
      if ((options as { all?: boolean }).all) {
        return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, allowed);
      }
      const first = allowed[0]!;
      callback(null, first.address, first.family);
    });
  };

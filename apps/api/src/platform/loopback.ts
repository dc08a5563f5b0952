import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

/** 127.0.0.0/8, ::1 and the IPv4-mapped form of 127.x. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(plain) === 4) return plain.startsWith('127.');
  return plain === '::1';
}

/** A listen host that only this machine can reach. `0.0.0.0`, `::` and every other address are public. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || isLoopbackAddress(host);
}

/**
 * A request from this machine itself: the socket's peer is a loopback address and no proxy says it forwards
 * someone else (a reverse proxy on the same machine connects from 127.0.0.1 for every client). The request's
 * `ip` is not used: with TRUST_PROXY it comes from a header anyone can write.
 */
export function isLoopbackClient(request: FastifyRequest): boolean {
  const h = request.headers;
  if (h['x-forwarded-for'] !== undefined || h.forwarded !== undefined || h['x-real-ip'] !== undefined) {
    return false;
  }
  return isLoopbackAddress(request.socket.remoteAddress);
}

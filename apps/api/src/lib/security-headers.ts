// Headers a deployed shop needs beyond helmet's defaults (issue #32), and helmet's own, read once.
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify from 'fastify';

/**
 * Browser features the shop never uses, turned off for its pages and for anything they might
 * embed: no camera, microphone, location, payment handler, device access, sensors or ad-interest
 * tracking. The card page needs none of them either: it is a plain form, and Stripe's checkout
 * runs on Stripe's own origin. Only features Chromium knows are named: an unknown one costs a
 * console warning on every page. Autoplay, fullscreen and picture-in-picture stay allowed (the
 * home page's video).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'browsing-topics',
  'camera',
  'clipboard-read',
  'display-capture',
  'encrypted-media',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'interest-cohort',
  'local-fonts',
  'magnetometer',
  'microphone',
  'midi',
  'otp-credentials',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'window-management',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/** A year, in seconds: what HSTS preload lists ask for at least. */
export const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * Helmet's `strictTransportSecurity` for the shop's public address: when it is on https, browsers
 * are told to use https only, for a year, on its subdomains too — the shop sends it itself, so a
 * shop behind a plain TLS terminator does not go without (a proxy may add its own too). On a
 * plain http address, never: the shop is also run on http://127.0.0.1.
 */
export function strictTransportSecurityFor(publicUrl: string): { maxAge: number; includeSubDomains: true; preload: false } | false {
  return new URL(publicUrl).protocol === 'https:' ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: true, preload: false } : false;
}

/**
 * The headers @fastify/helmet sends with `options`, read once: the plugin builds helmet's
 * middleware again for every request (its CSP directives parsed and checked each time, about a
 * tenth of a cached catalog answer's time on 2026-12-02), though for one configuration its
 * headers never change. Registered on a throwaway Fastify app, it writes them onto the one
 * request this reads them from; the shop's app then sets them on every answer itself.
 */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(fastifyHelmet, options);
  let headers: Record<string, string> = {};
  probe.get('/', (_request, reply) => {
    // helmet writes onto the raw response in its onRequest hook: these are its own.
    headers = Object.fromEntries(Object.entries(reply.raw.getHeaders()).map(([name, value]) => [name, String(value)]));
    return '';
  });
  await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  return headers;
}

import { describe, expect, it } from 'vitest';

import { useTestApp } from '../../test/test-app';

// Issue #32: the headers a deployed shop needs, sent by the shop itself.
const plain = useTestApp();
const secure = useTestApp({ env: { PUBLIC_URL: 'https://shop.example.com' } });

/** Answers of several kinds: JSON, an error, the sitemap, the card page, the back office's page, a path refused as over-long. */
const URLS = ['/api/health', '/api/product/category/Grocery', '/api/no-such-thing', '/sitemap.xml', '/pay/no-such-session', '/admin', `/details/${'x'.repeat(201)}`];

describe('Strict-Transport-Security', () => {
  it('is a year with subdomains on every answer when PUBLIC_URL is on https', async () => {
    for (const url of URLS) {
      const res = await secure.app.inject({ method: 'GET', url });
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
    }
  });

  it('is never sent when the shop is on plain http', async () => {
    for (const url of URLS) {
      const res = await plain.app.inject({ method: 'GET', url });
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });
});

describe('Permissions-Policy', () => {
  it('turns off the camera, microphone, location, payment and ad-interest tracking on every answer, the card page included', async () => {
    for (const app of [plain.app, secure.app]) {
      for (const url of URLS) {
        const policy = String((await app.inject({ method: 'GET', url })).headers['permissions-policy'] ?? '');
        const off = new Set(policy.split(/,\s*/).filter((entry) => entry.endsWith('=()')).map((entry) => entry.slice(0, -3)));
        for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'interest-cohort', 'browsing-topics']) expect(off.has(feature), `${url}: ${feature}`).toBe(true);
        // The home page's video may still play by itself and go full screen.
        for (const feature of ['autoplay', 'fullscreen']) expect(policy, url).not.toContain(`${feature}=`);
      }
    }
  });
});

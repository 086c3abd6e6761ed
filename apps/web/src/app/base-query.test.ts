import { changeLanguage } from 'i18next';
import { describe, expect, it } from 'vitest';

import { mockFetch, on } from '../test/fetch-mock';

import { api } from './api';
import { createAppStore } from './store';

const probe = api.injectEndpoints({
  endpoints: (build) => ({
    probeGet: build.query<unknown, undefined>({ query: () => '/probe' }),
    probePost: build.mutation<unknown, object>({ query: (body) => ({ url: '/probe', method: 'POST', body }) }),
  }),
});

describe('base query', () => {
  it('calls /api with the language, JSON and no anti-forgery header without its cookie', async () => {
    const requests = mockFetch(on('/api/probe', { ok: true }));
    const store = createAppStore();
    await store.dispatch(probe.endpoints.probeGet.initiate(undefined));
    const [request] = requests;
    expect(request!.url.pathname).toBe('/api/probe');
    expect(request!.headers.get('lng')).toBe('en');
    expect(request!.headers.get('accept')).toBe('application/json');
    expect(request!.headers.has('x-xsrf-token')).toBe(false);
    expect(request!.headers.has('token')).toBe(false);
  });

  it('sends the current language, the XSRF-TOKEN cookie and the stored token', async () => {
    await changeLanguage('ar');
    document.cookie = 'XSRF-TOKEN=xsrf-123; path=/';
    window.localStorage.setItem('token', 'user-token');
    const requests = mockFetch(on('/api/probe', { ok: true }));
    const store = createAppStore();
    await store.dispatch(probe.endpoints.probePost.initiate({ a: 1 }));
    const [request] = requests;
    expect(request!.method).toBe('POST');
    expect(request!.headers.get('lng')).toBe('ar');
    expect(request!.headers.get('x-xsrf-token')).toBe('xsrf-123');
    expect(request!.headers.get('token')).toBe('user-token');
    expect(request!.headers.get('content-type')).toBe('application/json');
  });
});

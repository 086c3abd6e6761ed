import { changeLanguage } from 'i18next';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { loggedOut } from '../features/auth/auth-slice';
import { API, answerWith, failure } from '../test/api-server';
import { signInShopper } from '../test/fixtures';

import { api } from './api';
import { createAppStore } from './store';

/** `/api/probe`, any method: a made-up endpoint of the shop's one API. */
const answerProbe = (body: Record<string, unknown>) => http.all(`${API}/probe`, () => HttpResponse.json(body));

const probe = api.injectEndpoints({
  endpoints: (build) => ({
    probeGet: build.query<unknown, undefined>({ query: () => '/probe' }),
    probePost: build.mutation<unknown, object>({ query: (body) => ({ url: '/probe', method: 'POST', body }) }),
  }),
});

describe('base query', () => {
  it('calls /api with the language, JSON and no anti-forgery header without its cookie', async () => {
    const requests = answerWith(answerProbe({ ok: true }));
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
    const requests = answerWith(answerProbe({ ok: true }));
    const store = createAppStore();
    await store.dispatch(probe.endpoints.probePost.initiate({ a: 1 }));
    const [request] = requests;
    expect(request!.method).toBe('POST');
    expect(request!.headers.get('lng')).toBe('ar');
    expect(request!.headers.get('x-xsrf-token')).toBe('xsrf-123');
    expect(request!.headers.get('token')).toBe('user-token');
    expect(request!.headers.get('content-type')).toBe('application/json');
  });

  it('sends the guest cart identity token2 when no one is signed in, and only then', async () => {
    window.localStorage.setItem('token2', '{"userId":"g-1","cartId":"c-1"}');
    const requests = answerWith(answerProbe({ ok: true }));
    await createAppStore().dispatch(probe.endpoints.probeGet.initiate(undefined));
    expect(requests[0]!.headers.get('token2')).toBe('{"userId":"g-1","cartId":"c-1"}');
    signInShopper();
    await createAppStore().dispatch(probe.endpoints.probeGet.initiate(undefined));
    expect(requests[1]!.headers.has('token2')).toBe(false);
    expect(requests[1]!.headers.has('token')).toBe(true);
  });

  it('signs the shopper out cleanly when a request with their token is answered 401', async () => {
    signInShopper();
    answerWith(answerProbe({ ok: true }));
    const store = createAppStore();
    await store.dispatch(probe.endpoints.probeGet.initiate(undefined));
    expect(Object.keys(store.getState().api.queries)).toHaveLength(1);

    answerWith(http.all(`${API}/probe`, () => failure(401, 'INVALID_TOKEN', 'Your session has ended. Please sign in again.')));
    await store.dispatch(probe.endpoints.probePost.initiate({}));
    expect(store.getState().auth.userToken).toBeNull();
    expect(window.localStorage.getItem('token')).toBeNull();
    expect(store.getState().api.queries).toEqual({});
  });

  it('signs no one out for a 401 to a request without a token (a wrong password)', async () => {
    window.localStorage.setItem('keep', 'me');
    answerWith(http.all(`${API}/probe`, () => failure(401, 'INVALID_CREDENTIALS', 'Invalid username or password.')));
    const store = createAppStore();
    await store.dispatch(probe.endpoints.probePost.initiate({}));
    expect(store.getState().auth.userToken).toBeNull();
    expect(window.localStorage.getItem('keep')).toBe('me');
  });

  it('logging out forgets the token and empties the cache', async () => {
    signInShopper();
    answerWith(answerProbe({ secret: 'of the previous shopper' }));
    const store = createAppStore();
    await store.dispatch(probe.endpoints.probeGet.initiate(undefined));
    store.dispatch(loggedOut());
    expect(store.getState().api.queries).toEqual({});
    expect(window.localStorage.getItem('token')).toBeNull();
  });
});

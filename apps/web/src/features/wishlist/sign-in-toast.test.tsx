import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { renderInProviders } from '../../test/render';

import { showSignInToast } from './sign-in-toast';

describe('showSignInToast', () => {
  it("brings the toast container with it when it is the page's first toast, and its link signs in", async () => {
    renderInProviders(<p>The page</p>);
    expect(document.querySelector('[data-rht-toaster]')).toBeNull();
    const onSignIn = vi.fn();

    await act(() => showSignInToast('Please sign in to use your wish list', 'Sign in', onSignIn));

    const link = await screen.findByRole('link', { name: 'Sign in' });
    expect(screen.getByText(/Please sign in to use your wish list/)).toBeInTheDocument();
    act(() => link.click());
    expect(onSignIn).toHaveBeenCalledTimes(1);
  });
});

import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { notify } from '../lib/notify';
import { renderInProviders } from '../test/render';

/** react-hot-toast's container marks itself with this attribute. */
const toaster = () => document.querySelector('[data-rht-toaster]');

describe('AppProviders', () => {
  it('mounts the toast container with the first toast, not with the page', async () => {
    renderInProviders(<p>The page</p>);
    expect(screen.getByText('The page')).toBeInTheDocument();
    // The page is live (no hydration provider) and has not toasted: nothing of the toasts is loaded.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(toaster()).toBeNull();

    await act(() => notify('success', 'Saved to your list'));

    // The toast raised before the container arrived is shown once it mounts.
    expect(await screen.findByText('Saved to your list')).toBeInTheDocument();
    expect(toaster()).not.toBeNull();
  });
});

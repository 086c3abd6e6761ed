import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { HydrationCommitted, HydrationProvider, useHydrated } from './use-hydrated';

function Probe() {
  return <p>{useHydrated() ? 'live' : 'as served'}</p>;
}

describe('useHydrated', () => {
  it('is false while the server renders a server-rendered page', () => {
    const html = renderToString(
      <HydrationProvider serverRendered>
        <Probe />
      </HydrationProvider>,
    );
    expect(html).toContain('as served');
  });

  it('turns true in the browser once the part holding HydrationCommitted has committed', async () => {
    render(
      <HydrationProvider serverRendered>
        <Probe />
        <HydrationCommitted />
      </HydrationProvider>,
    );
    expect(await screen.findByText('live')).toBeInTheDocument();
  });

  it('stays false until HydrationCommitted commits', async () => {
    render(
      <HydrationProvider serverRendered>
        <Probe />
      </HydrationProvider>,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('as served')).toBeInTheDocument();
  });

  it('is true from the first render of a page only the browser renders, and without a provider', () => {
    render(
      <>
        <HydrationProvider serverRendered={false}>
          <Probe />
        </HydrationProvider>
        <Probe />
      </>,
    );
    expect(screen.getAllByText('live')).toHaveLength(2);
  });
});

import { render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';

import { DEFERRED_ATTRIBUTE, DeferHydration, PARTS_WAIT_FOR_VIEW } from './deferred-hydration';
import { HydrationCommitted, HydrationProvider, useHydrated } from './use-hydrated';

function Probe() {
  return <p>{useHydrated() ? 'live' : 'as served'}</p>;
}

const part = () => document.querySelector(`[${DEFERRED_ATTRIBUTE}]`);

/** A deferred part in a page whose markup the server rendered; `hydrates`: the page's hydration commits. */
function ServerRenderedPage({ hydrates }: { hydrates: boolean }) {
  return (
    <HydrationProvider serverRendered>
      <DeferHydration>
        <Probe />
      </DeferHydration>
      {hydrates ? <HydrationCommitted /> : null}
    </HydrationProvider>
  );
}

// The behaviour under Preact, the built shop's renderer: deferred-hydration.preact.test.tsx.
describe('DeferHydration (React: npm run dev, the unit tests)', () => {
  it('does not leave parts waiting to be seen under React', () => {
    expect(PARTS_WAIT_FOR_VIEW).toBe(false);
  });

  it('renders the part as served on the server, marked pending', () => {
    // As on the server: no window.
    const browserWindow = window;
    vi.stubGlobal('window', undefined);
    let html = '';
    try {
      html = renderToString(<ServerRenderedPage hydrates={false} />);
    } finally {
      vi.stubGlobal('window', browserWindow);
    }
    expect(html).toContain('as served');
    expect(html).toContain(`${DEFERRED_ATTRIBUTE}="pending"`);
  });

  it('renders the part at once, live, in a page only the browser renders', () => {
    render(
      <DeferHydration>
        <Probe />
      </DeferHydration>,
    );
    expect(screen.getByText('live')).toBeInTheDocument();
    expect(part()).toHaveAttribute(DEFERRED_ATTRIBUTE, 'live');
  });

  it('in a server-rendered page, waits for a later task, then turns live once the page has hydrated', async () => {
    render(<ServerRenderedPage hydrates />);
    // Not rendered in the task that renders the page.
    expect(screen.queryByText(/live|as served/)).not.toBeInTheDocument();
    expect(await screen.findByText('live')).toBeInTheDocument();
    await waitFor(() => expect(part()).toHaveAttribute(DEFERRED_ATTRIBUTE, 'live'));
  });

  it('stays as served while the page has not hydrated', async () => {
    render(<ServerRenderedPage hydrates={false} />);
    expect(await screen.findByText('as served')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText('as served')).toBeInTheDocument();
  });
});

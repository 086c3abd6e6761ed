import { isRouteErrorResponse, useRouteError } from 'react-router';

import { NotFoundPage } from '../../components/not-found-page';

/**
 * The route error boundary (spec section 2: a render error shows the not-found page). Real
 * faults are logged for developers; the shopper sees the not-found page with a way home.
 */
export function RouteError({ standalone = false }: { standalone?: boolean }) {
  const error = useRouteError();
  if (!(isRouteErrorResponse(error) && error.status === 404)) {
    console.error(error);
  }
  return <NotFoundPage standalone={standalone} />;
}

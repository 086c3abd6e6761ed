import { useDispatch, useSelector } from 'react-redux';

import { selectSignedInUser, tokenReplaced } from '../features/auth/auth-slice';

import type { AppDispatch, RootState } from './store';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

/**
 * The signed-in shopper (id and name from their token) or `null` for a guest — for features
 * other than auth, which may not import the auth feature itself.
 */
export function useSignedInUser(): { id: string; name: string } | null {
  return useAppSelector(selectSignedInUser);
}

/** Keeps a fresh token the API answered (after a password change) as this session's token. */
export function useReplaceToken(): (token: string) => void {
  const dispatch = useAppDispatch();
  return (token) => dispatch(tokenReplaced(token));
}

import type { Address, AddressInput } from '@dukkan/contracts/users';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useCallback } from 'react';

import { errorMessageOf } from '../../lib/api-error';

import { useGetUserQuery, useSaveAddressBookMutation } from './users-api';

/** What adding an address gave: the saved address (with its new `_id`), or why it failed. */
export type AddressAdded = { address: Address } | { error: string | null };

export interface AddressBook {
  /** The saved addresses; `undefined` until they are read. */
  addresses: Address[] | undefined;
  isLoading: boolean;
  isError: boolean;
  refetch: () => void;
  /** Saves `address` after the saved ones (spec section 7: the whole list plus the new one). */
  addAddress: (address: AddressInput) => Promise<AddressAdded>;
}

/**
 * The signed-in shopper's address book, for pages outside the account area (the checkout, which
 * the app composes with it): the same `GET /users/{id}` and `PUT /users/address/{id}` as the
 * address book page, so adding an address in one place reloads it everywhere.
 */
export function useAddressBook(userId: string | null): AddressBook {
  const { data, isLoading, isError, refetch } = useGetUserQuery(userId ?? skipToken);
  const [saveAddressBook] = useSaveAddressBookMutation();
  const book = data?.addressBook;

  const addAddress = useCallback(
    async (address: AddressInput): Promise<AddressAdded> => {
      if (!userId) return { error: null };
      const saved = book ?? [];
      const result = await saveAddressBook({ id: userId, book: [...saved, address] });
      if ('error' in result) return { error: errorMessageOf(result.error) };
      // The answer is the whole book: the new address is the one whose id was not there before.
      const known = new Set(saved.map((entry) => entry._id));
      const added = result.data.data.addressBook.find((entry) => !known.has(entry._id));
      return added ? { address: added } : { error: null };
    },
    [userId, book, saveAddressBook],
  );

  return {
    addresses: book,
    isLoading,
    isError,
    refetch: () => {
      // A skipped query (no shopper) has nothing to fetch again.
      if (userId) void refetch();
    },
    addAddress,
  };
}

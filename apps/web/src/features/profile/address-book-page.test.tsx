import type { Address, AddressInput, UserResponse } from '@dukkan/contracts/users';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from 'i18next';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';

import { API, type Answer, answerWith, categoriesAnswer } from '../../test/api-server';
import { SHOPPER_ID, shopper, signInShopper } from '../../test/fixtures';
import { renderApp } from '../../test/render';

const SAVED: Address = {
  _id: '00000000-0000-4000-8000-000000000501',
  fullName: 'Mona Adel',
  phoneNumber: '01001234567',
  country: 'Egypt',
  city: 'Cairo',
  area: 'Zamalek',
  street: '26th of July St.',
  building: '12',
  floor: '3',
  apartment: '7',
  zipCode: '11211',
  extraDetails: '',
};

function mockBook(book: Address[]) {
  let current = book;
  return answerWith(
    categoriesAnswer([]),
    http.put<never, AddressInput[], Answer<UserResponse>>(`${API}/users/address/${SHOPPER_ID}`, async ({ request }) => {
      // The book as sent (the form's values, digit strings), a new address given the next id.
      current = ((await request.json()) as (Omit<Address, '_id'> & { _id?: string })[]).map((address, index) => ({
        ...address,
        _id: address._id ?? `00000000-0000-4000-8000-00000000050${index + 2}`,
      }));
      return HttpResponse.json({ data: shopper({ addressBook: current }) });
    }),
    http.get<never, never, Answer<UserResponse>>(`${API}/users/${SHOPPER_ID}`, () => HttpResponse.json({ data: shopper({ addressBook: current }) })),
  );
}

/** 'Add a new address', once the book has loaded (it is disabled until then). */
async function addAddressButton() {
  const button = await screen.findByRole('button', { name: 'Add a new address' });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}

/** Fills the open form with an address in Giza (no area, no building). */
async function fillGizaAddress(user: ReturnType<typeof userEvent.setup>) {
  const values: [RegExp, string][] = [
    [/^Full name/, 'Mona Adel'],
    [/^Phone number/, '01001234567'],
    [/^Country/, 'Egypt'],
    [/^City/, 'Giza'],
    [/^Street/, 'Pyramids Rd.'],
    [/^Floor/, '2'],
    [/^Apartment/, '5'],
    [/^Zip code/, '12511'],
  ];
  for (const [label, value] of values) await user.type(screen.getByLabelText(label), value);
}

describe('/userprofile/address', () => {
  it("says so when there is no address yet", async () => {
    signInShopper();
    mockBook([]);
    renderApp('/userprofile/address');
    expect(await screen.findByText("You didn't add any address yet!")).toBeInTheDocument();
  });

  it('lists city and country, area and street, building and floor', async () => {
    signInShopper();
    mockBook([SAVED]);
    renderApp('/userprofile/address');
    const list = await screen.findByRole('list', { name: 'Saved addresses' });
    const [item] = within(list).getAllByRole('listitem');
    expect(item).toHaveTextContent('Cairo, Egypt');
    expect(item).toHaveTextContent('Zamalek, 26th of July St.');
    expect(item).toHaveTextContent('Building 12, Floor 3');
  });

  it('joins the parts with the Arabic comma in Arabic', async () => {
    signInShopper();
    await changeLanguage('ar');
    mockBook([{ ...SAVED, city: 'القاهرة', country: 'مصر', area: 'الزمالك', street: 'شارع 26 يوليو' }]);
    renderApp('/userprofile/address');
    const [item] = within(await screen.findByRole('list', { name: 'العناوين المحفوظة' })).getAllByRole('listitem');
    expect(item).toHaveTextContent('القاهرة، مصر');
    expect(item).toHaveTextContent('الزمالك، شارع 26 يوليو');
    expect(item).not.toHaveTextContent(/, /);
    expect(within(item!).getByRole('button', { name: 'إزالة، القاهرة' })).toBeInTheDocument();
  });

  it('checks the new address field by field and sends nothing while it is invalid', async () => {
    const user = userEvent.setup();
    signInShopper();
    const requests = mockBook([]);
    renderApp('/userprofile/address');
    await user.click(await addAddressButton());
    await user.type(screen.getByLabelText(/^Zip code/), '12a');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    for (const message of ['Full name is required', 'Phone number is required', 'Country is required', 'City is required', 'Street is required', 'Floor is required', 'Apartment is required']) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(screen.getByText('Zip code must be a number')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Full name/)).toHaveFocus();
    await user.type(screen.getByLabelText(/^Phone number/), 'call me');
    expect(await screen.findByText('Phone number must contain digits only')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Zip code/)).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByLabelText(/^Floor/)).toBeRequired();
    expect(screen.getByLabelText(/^Area/)).not.toBeRequired();
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  it('sends the whole book — saved ones with their id, the new one without — and lists the reloaded book', async () => {
    const user = userEvent.setup();
    signInShopper();
    const requests = mockBook([SAVED]);
    renderApp('/userprofile/address');
    await user.click(await addAddressButton());
    await fillGizaAddress(user);
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('Address saved.')).toBeInTheDocument();
    const put = requests.find((r) => r.method === 'PUT')!;
    const body = JSON.parse(put.body) as Record<string, unknown>[];
    expect(body).toHaveLength(2);
    expect(body[0]).toEqual(SAVED);
    expect(body[1]).not.toHaveProperty('_id');
    expect(body[1]).toMatchObject({ city: 'Giza', zipCode: '12511', floor: '2', area: '' });
    expect(await screen.findByText('Giza, Egypt')).toBeInTheDocument();
    expect(requests.filter((r) => r.method === 'GET' && r.url.pathname === `/api/users/${SHOPPER_ID}`).length).toBeGreaterThanOrEqual(2);
  });

  it('Remove keeps the focus: on the next address once one is removed, on the heading once none is left', async () => {
    const user = userEvent.setup();
    signInShopper();
    const giza = { ...SAVED, _id: '00000000-0000-4000-8000-000000000502', city: 'Giza' };
    const requests = mockBook([SAVED, giza]);
    renderApp('/userprofile/address');
    const removeCairo = await screen.findByRole('button', { name: 'Remove, Cairo' });
    removeCairo.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove, Giza' })).toHaveFocus());
    expect(screen.queryByText('Cairo, Egypt')).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Address Book' })).toHaveFocus());
    expect(await screen.findByText("You didn't add any address yet!")).toBeInTheDocument();
    const puts = requests.filter((r) => r.method === 'PUT').map((r) => (JSON.parse(r.body) as Address[]).map((a) => a.city));
    expect(puts).toEqual([['Giza'], []]);
  });

  it('takes the focus into the form when it opens, and back to Add a new address when it closes', async () => {
    const user = userEvent.setup();
    signInShopper();
    mockBook([]);
    renderApp('/userprofile/address');
    (await addAddressButton()).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByLabelText(/^Full name/)).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add a new address' })).toHaveFocus());

    await user.keyboard('{Enter}');
    await fillGizaAddress(user);
    screen.getByRole('button', { name: 'Save address' }).focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Giza, Egypt')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add a new address' })).toHaveFocus());
  });
});

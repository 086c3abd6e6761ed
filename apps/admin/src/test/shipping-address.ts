/**
 * The shipping address of the orders in the back office's tests: the unit tests' fixtures
 * (back-office.ts) and the e2e stubs (e2e/tests/admin-shell.spec.ts) share it, so no imports here.
 */
export const SHIPPING_ADDRESS = {
  _id: 'a1',
  fullName: 'Sara Shopper',
  phoneNumber: '+20 100 000 0000',
  country: 'Egypt',
  city: 'Cairo',
  area: 'Zamalek',
  street: '26th of July St',
  building: '12',
  floor: '3',
  apartment: '7',
  zipCode: '11211',
  extraDetails: '',
};

import type { StaffRole } from '@dukkan/contracts/admin-staff';

import { adminPaths } from './paths';

/** The screens and the roles that may use them (the API refuses the others with 403). */
export const SCREENS = {
  dashboard: ['owner', 'catalog', 'support'],
  orders: ['owner', 'support'],
  customers: ['owner', 'support'],
  reviews: ['owner', 'support'],
  products: ['owner', 'catalog'],
  import: ['owner', 'catalog'],
  promotions: ['owner', 'catalog'],
  staff: ['owner'],
  audit: ['owner'],
  account: ['owner', 'catalog', 'support'],
} as const satisfies Record<string, readonly StaffRole[]>;
export type Screen = keyof typeof SCREENS;

export function mayUse(role: StaffRole, screen: Screen): boolean {
  return (SCREENS[screen] as readonly StaffRole[]).includes(role);
}

/** Where every role lands after sign-in: the dashboard (issue #21). */
export function homeOf(_role: StaffRole): string {
  return adminPaths.dashboard();
}

import type { StaffRole } from '@dukkan/contracts/admin-staff';

/** The screens of part 1 and the roles that may use them (the API refuses the others with 403). */
export const SCREENS = {
  products: ['owner', 'catalog'],
  import: ['owner', 'catalog'],
  staff: ['owner'],
  account: ['owner', 'catalog', 'support'],
} as const satisfies Record<string, readonly StaffRole[]>;
export type Screen = keyof typeof SCREENS;

export function mayUse(role: StaffRole, screen: Screen): boolean {
  return (SCREENS[screen] as readonly StaffRole[]).includes(role);
}

/** Where a role lands after sign-in: the first screen it may use. */
export function homeOf(role: StaffRole): string {
  return mayUse(role, 'products') ? '/products' : '/account';
}

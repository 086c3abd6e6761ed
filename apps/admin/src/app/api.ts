import type {
  AdminCustomer,
  AdminCustomerSummary,
  AdminOrder,
  AdminOrderListResponse,
  AuditEntry,
  RefundBody,
  Stats,
} from '@dukkan/contracts/admin-orders';
import type { AdminProduct, AdminProductListResponse, CreateProductBody, UpdateProductBody } from '@dukkan/contracts/admin-products';
import type { Staff, StaffRole } from '@dukkan/contracts/admin-staff';
import type { Category, Subcategory } from '@dukkan/contracts/catalog';
import type { OrderStatus } from '@dukkan/contracts/orders';
import { XSRF_COOKIE, XSRF_HEADER } from '@dukkan/contracts/xsrf';
import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';

import { readCookie, type Language } from './language';

/** The API's base: absolute, so the same code runs in the browser and under jsdom. */
function apiBase(): string {
  return typeof window === 'undefined' ? '/api' : `${window.location.origin}/api`;
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: apiBase(),
  credentials: 'same-origin',
  prepareHeaders: (headers) => {
    headers.set('Accept', 'application/json');
    // Every write under /api/admin needs it (the guard refuses one without it: 403); reads ignore it.
    const xsrf = readCookie(XSRF_COOKIE);
    if (xsrf) headers.set(XSRF_HEADER, xsrf);
    return headers;
  },
});

/**
 * A 401 on anything but the session's own calls means the session ended (sign-out elsewhere, a
 * role change, 12 idle hours): the session is asked again, and the guard sends to sign-in.
 */
const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (args, api, extra) => {
  const result = await rawBaseQuery(args, api, extra);
  if (result.error?.status === 401 && !['getSession', 'signIn', 'setup', 'requestPasswordReset', 'confirmPasswordReset'].includes(api.endpoint)) {
    api.dispatch(adminApi.util.invalidateTags(['Session']));
  }
  return result;
};

export interface SignInBody {
  email: string;
  password: string;
  code?: string;
}
export interface SetupBody {
  token: string;
  name: string;
  email: string;
  password: string;
}
export interface ProductListArgs {
  q?: string;
  category?: string;
  status?: string;
  stock?: string;
  sort?: string;
  page: number;
  pageSize: number;
}
export interface StockLedgerEntry {
  kind: string;
  quantityBefore: number;
  quantityAfter: number;
  reason: string | null;
  staff: { _id: string; name: string } | null;
  orderId: string | null;
  createdAt: string;
}
/**
 * The signed-in member, and whether the owner requires two-factor sign-in of them before
 * anything else (they may then only use their account screen; decision 0033).
 */
export interface SignedInStaff extends Staff {
  twoFactorSetupRequired: boolean;
}

function signedInStaff(answer: Data<{ staff: Staff; twoFactorSetupRequired?: boolean }>): SignedInStaff {
  return { ...answer.data.staff, twoFactorSetupRequired: answer.data.twoFactorSetupRequired === true };
}

export interface StaffMember extends Staff {
  disabled: boolean;
  /** Invited, and no password chosen yet. */
  invited: boolean;
  /** Signs in with a code too. */
  twoFactor: boolean;
}
export interface NewStaffBody {
  email: string;
  name: string;
  role: StaffRole;
  password?: string;
  invite?: true;
}
export interface ImportCounts {
  created: number;
  updated: number;
}
/** `GET /api/admin/imports/{id}`: how far an import has got (decision 0035). */
export interface ImportProgress {
  /** `checking`, `applying`, then `done` (or `checked` for a dry run), or `failed`. */
  status: 'checking' | 'applying' | 'done' | 'checked' | 'failed';
  rowsChecked: number;
  /** Data rows in the file, once it has been read to the end. */
  total: number | null;
  created: number;
  updated: number;
  errors: { line: number; column: string; message: string }[];
  /** When it ended (ISO), `null` while it runs. */
  finishedAt: string | null;
}
export interface TwoFactorEnrolment {
  secret: string;
  otpauthUrl: string;
  qrCode: string;
}

interface Data<T> {
  data: T;
}

/** `GET /api/admin/orders`: the filters, search, sort and page (empty ones are left out). */
export interface OrderListArgs {
  status?: string;
  paymentStatus?: string;
  q?: string;
  from?: string;
  to?: string;
  sort?: string;
  page: number;
  pageSize: number;
}
export interface CustomerListArgs {
  q?: string;
  page: number;
  pageSize: number;
}
export interface AuditArgs {
  actor?: string;
  entity?: string;
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
}
export interface ListOf<T> {
  data: T[];
  total: number;
}

/** The query string of a list: the page and size, and each filter that has a value. */
function paramsOf<T extends { page: number; pageSize: number }>(args: T, keys: readonly (keyof T & string)[]): Record<string, string | number> {
  const params: Record<string, string | number> = { page: args.page, pageSize: args.pageSize };
  for (const key of keys) {
    const value = args[key];
    if (typeof value === 'string' && value.trim()) params[key] = value.trim();
  }
  return params;
}

/** The tags an order action makes stale: its lists, its customer, the figures and the log. */
const AFTER_ORDER_ACTION = ['Orders', 'Customer', 'Customers', 'Stats', 'Audit'] as const;

/** Drops empty filters so the query string carries only what was chosen. */
function listParams(args: ProductListArgs): Record<string, string | number> {
  const params: Record<string, string | number> = { page: args.page, pageSize: args.pageSize };
  for (const key of ['q', 'category', 'status', 'stock', 'sort'] as const) {
    const value = args[key]?.trim();
    if (value) params[key] = value;
  }
  return params;
}

/** Puts the order an action answered in the cache of `getOrder`. */
async function cacheOrder(
  { id }: { id: string },
  { dispatch, queryFulfilled }: { dispatch: (action: unknown) => unknown; queryFulfilled: Promise<{ data: AdminOrder }> },
): Promise<void> {
  const answer = await queryFulfilled.catch(() => null);
  if (answer) dispatch(adminApi.util.upsertQueryData('getOrder', id, answer.data));
}

/** The back office's one client of the API: RTK Query over `/api`. */
export const adminApi = createApi({
  reducerPath: 'adminApi',
  baseQuery,
  tagTypes: ['Session', 'Product', 'Products', 'Ledger', 'Staff', 'Settings', 'Orders', 'Order', 'Customers', 'Customer', 'Stats', 'Audit'],
  endpoints: (build) => ({
    getSession: build.query<SignedInStaff, undefined>({
      query: () => 'admin/session',
      transformResponse: signedInStaff,
      providesTags: ['Session'],
    }),
    signIn: build.mutation<SignedInStaff, SignInBody>({
      query: (body) => ({ url: 'admin/session', method: 'POST', body }),
      transformResponse: signedInStaff,
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data: staff } = await queryFulfilled.catch(() => ({ data: null }));
        if (staff) await dispatch(adminApi.util.upsertQueryData('getSession', undefined, staff));
      },
    }),
    signOut: build.mutation<unknown, undefined>({
      query: () => ({ url: 'admin/session', method: 'DELETE' }),
    }),
    /** `POST /api/admin/session/password-reset`: 202 whether or not the email is a staff account's. */
    requestPasswordReset: build.mutation<unknown, { email: string }>({
      query: (body) => ({ url: 'admin/session/password-reset', method: 'POST', body }),
    }),
    /** `POST /api/admin/session/password-reset/confirm`: 204; every session of the member ends. */
    confirmPasswordReset: build.mutation<unknown, { token: string; password: string }>({
      query: (body) => ({ url: 'admin/session/password-reset/confirm', method: 'POST', body }),
    }),
    checkSetupToken: build.query<unknown, string>({
      query: (token) => ({ url: 'admin/setup', params: { token } }),
    }),
    setup: build.mutation<SignedInStaff, SetupBody>({
      query: (body) => ({ url: 'admin/setup', method: 'POST', body }),
      transformResponse: signedInStaff,
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data: staff } = await queryFulfilled.catch(() => ({ data: null }));
        if (staff) await dispatch(adminApi.util.upsertQueryData('getSession', undefined, staff));
      },
    }),

    categories: build.query<Category[], Language>({
      query: (lng) => ({ url: 'categories/', params: { lng } }),
      transformResponse: (answer: Data<Category[]>) => answer.data,
    }),
    subcategories: build.query<Subcategory[], Language>({
      query: (lng) => ({ url: 'subcategories', params: { lng, page: 1, pageSize: 100 } }),
      transformResponse: (answer: Data<Subcategory[]>) => answer.data,
    }),

    listProducts: build.query<AdminProductListResponse, ProductListArgs>({
      query: (args) => ({ url: 'admin/products', params: listParams(args) }),
      providesTags: ['Products'],
    }),
    getProduct: build.query<AdminProduct, string>({
      query: (id) => `admin/products/${encodeURIComponent(id)}`,
      transformResponse: (answer: Data<AdminProduct>) => answer.data,
      providesTags: (_r, _e, id) => [{ type: 'Product', id }],
    }),
    createProduct: build.mutation<AdminProduct, CreateProductBody>({
      query: (body) => ({ url: 'admin/products', method: 'POST', body }),
      transformResponse: (answer: Data<AdminProduct>) => answer.data,
      invalidatesTags: ['Products'],
    }),
    updateProduct: build.mutation<AdminProduct, { id: string; body: UpdateProductBody }>({
      query: ({ id, body }) => ({ url: `admin/products/${encodeURIComponent(id)}`, method: 'PATCH', body }),
      transformResponse: (answer: Data<AdminProduct>) => answer.data,
      invalidatesTags: (_r, _e, { id }) => ['Products', { type: 'Product', id }, { type: 'Ledger', id }],
    }),
    adjustStock: build.mutation<AdminProduct, { id: string; delta: number; reason: string }>({
      query: ({ id, delta, reason }) => ({ url: `admin/products/${encodeURIComponent(id)}/stock`, method: 'POST', body: { delta, reason } }),
      transformResponse: (answer: Data<AdminProduct>) => answer.data,
      invalidatesTags: (_r, _e, { id }) => ['Products', { type: 'Product', id }, { type: 'Ledger', id }],
    }),
    stockLedger: build.query<StockLedgerEntry[], string>({
      query: (id) => `admin/products/${encodeURIComponent(id)}/stock-ledger`,
      transformResponse: (answer: Data<StockLedgerEntry[]>) => answer.data,
      providesTags: (_r, _e, id) => [{ type: 'Ledger', id }],
    }),
    uploadImage: build.mutation<AdminProduct, { id: string; file: File }>({
      query: ({ id, file }) => {
        const body = new FormData();
        body.append('file', file);
        return { url: `admin/products/${encodeURIComponent(id)}/images`, method: 'POST', body };
      },
      transformResponse: (answer: Data<AdminProduct>) => answer.data,
      invalidatesTags: (_r, _e, { id }) => ['Products', { type: 'Product', id }],
    }),
    // The photo routes' delete and reorder shapes are the photos part's (decision 0036 notes them).
    deleteImage: build.mutation<AdminProduct, { id: string; index: number }>({
      query: ({ id, index }) => ({ url: `admin/products/${encodeURIComponent(id)}/images/${index}`, method: 'DELETE' }),
      transformResponse: (answer: Data<AdminProduct>) => answer.data,
      invalidatesTags: (_r, _e, { id }) => ['Products', { type: 'Product', id }],
    }),
    reorderImages: build.mutation<AdminProduct, { id: string; order: string[] }>({
      query: ({ id, order }) => ({ url: `admin/products/${encodeURIComponent(id)}/images`, method: 'PUT', body: { order } }),
      transformResponse: (answer: Data<AdminProduct>) => answer.data,
      invalidatesTags: (_r, _e, { id }) => ['Products', { type: 'Product', id }],
    }),

    importStatus: build.query<ImportProgress, string>({
      query: (id) => `admin/imports/${encodeURIComponent(id)}`,
      transformResponse: (answer: Data<ImportProgress>) => answer.data,
    }),

    listStaff: build.query<StaffMember[], undefined>({
      query: () => 'admin/staff',
      transformResponse: (answer: Data<StaffMember[]>) => answer.data,
      providesTags: ['Staff'],
    }),
    addStaff: build.mutation<unknown, NewStaffBody>({
      query: (body) => ({ url: 'admin/staff', method: 'POST', body }),
      invalidatesTags: ['Staff'],
    }),
    updateStaff: build.mutation<unknown, { id: string; role?: StaffRole; disabled?: boolean }>({
      query: ({ id, ...body }) => ({ url: `admin/staff/${encodeURIComponent(id)}`, method: 'PATCH', body }),
      invalidatesTags: ['Staff'],
    }),
    resetTwoFactor: build.mutation<unknown, string>({
      query: (id) => ({ url: `admin/staff/${encodeURIComponent(id)}/two-factor/reset`, method: 'POST' }),
      invalidatesTags: ['Staff'],
    }),
    getSettings: build.query<{ requireTwoFactor: boolean }, undefined>({
      query: () => 'admin/settings',
      transformResponse: (answer: Data<{ requireTwoFactor: boolean }>) => answer.data,
      providesTags: ['Settings'],
    }),
    putSettings: build.mutation<unknown, { requireTwoFactor: boolean }>({
      query: (body) => ({ url: 'admin/settings', method: 'PUT', body }),
      invalidatesTags: ['Settings'],
    }),

    listOrders: build.query<AdminOrderListResponse, OrderListArgs>({
      query: (args) => ({ url: 'admin/orders', params: paramsOf(args, ['status', 'paymentStatus', 'q', 'from', 'to', 'sort']) }),
      providesTags: ['Orders'],
    }),
    getOrder: build.query<AdminOrder, string>({
      query: (id) => `admin/orders/${encodeURIComponent(id)}`,
      transformResponse: (answer: Data<AdminOrder>) => answer.data,
      providesTags: (_r, _e, id) => [{ type: 'Order', id }],
    }),
    // Each action answers the order as it is now: it replaces the cached one, so the page does not reload.
    moveOrder: build.mutation<AdminOrder, { id: string; status: OrderStatus }>({
      query: ({ id, status }) => ({ url: `admin/orders/${encodeURIComponent(id)}/status`, method: 'POST', body: { status } }),
      transformResponse: (answer: Data<AdminOrder>) => answer.data,
      onQueryStarted: cacheOrder,
      invalidatesTags: [...AFTER_ORDER_ACTION],
    }),
    cancelOrder: build.mutation<AdminOrder, { id: string; reason: string }>({
      query: ({ id, reason }) => ({ url: `admin/orders/${encodeURIComponent(id)}/cancel`, method: 'POST', body: { reason } }),
      transformResponse: (answer: Data<AdminOrder>) => answer.data,
      onQueryStarted: cacheOrder,
      invalidatesTags: (_r, error, { id }) => (error ? [...AFTER_ORDER_ACTION, { type: 'Order' as const, id }] : [...AFTER_ORDER_ACTION]),
    }),
    refundOrder: build.mutation<AdminOrder, { id: string; body: RefundBody }>({
      query: ({ id, body }) => ({ url: `admin/orders/${encodeURIComponent(id)}/refunds`, method: 'POST', body }),
      transformResponse: (answer: Data<AdminOrder>) => answer.data,
      onQueryStarted: cacheOrder,
      // A refund the provider refused (502) is recorded all the same: the order is asked again to show it.
      invalidatesTags: (_r, error, { id }) => (error ? [...AFTER_ORDER_ACTION, { type: 'Order' as const, id }] : [...AFTER_ORDER_ACTION]),
    }),

    listCustomers: build.query<ListOf<AdminCustomerSummary>, CustomerListArgs>({
      query: (args) => ({ url: 'admin/customers', params: paramsOf(args, ['q']) }),
      providesTags: ['Customers'],
    }),
    getCustomer: build.query<AdminCustomer, string>({
      query: (id) => `admin/customers/${encodeURIComponent(id)}`,
      transformResponse: (answer: Data<AdminCustomer>) => answer.data,
      providesTags: ['Customer'],
    }),
    updateCustomer: build.mutation<unknown, { id: string; disabled: boolean }>({
      query: ({ id, disabled }) => ({ url: `admin/customers/${encodeURIComponent(id)}`, method: 'PATCH', body: { disabled } }),
      invalidatesTags: ['Customer', 'Customers', 'Audit'],
    }),
    sendPasswordReset: build.mutation<unknown, string>({
      query: (id) => ({ url: `admin/customers/${encodeURIComponent(id)}/password-reset`, method: 'POST' }),
      invalidatesTags: ['Audit'],
    }),

    stats: build.query<Stats, { from: string; to: string }>({
      query: ({ from, to }) => ({ url: 'admin/stats', params: { from, to } }),
      transformResponse: (answer: Data<Stats>) => answer.data,
      providesTags: ['Stats'],
    }),
    audit: build.query<ListOf<AuditEntry>, AuditArgs>({
      query: (args) => ({ url: 'admin/audit', params: paramsOf(args, ['actor', 'entity', 'from', 'to']) }),
      providesTags: ['Audit'],
    }),

    changePassword: build.mutation<unknown, { currentPassword: string; newPassword: string }>({
      query: (body) => ({ url: 'admin/account/password', method: 'PUT', body }),
    }),
    enrolTwoFactor: build.mutation<TwoFactorEnrolment, undefined>({
      query: () => ({ url: 'admin/account/two-factor', method: 'POST' }),
      transformResponse: (answer: Data<TwoFactorEnrolment>) => answer.data,
    }),
    confirmTwoFactor: build.mutation<unknown, { code: string }>({
      query: (body) => ({ url: 'admin/account/two-factor/confirm', method: 'POST', body }),
      // A two-factor requirement of the owner's is met now: the session says so.
      invalidatesTags: ['Session'],
    }),
  }),
});

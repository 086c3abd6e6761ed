import type { Stats } from '@dukkan/contracts/admin-orders';
import { formatCount, formatDateTime, formatDay, formatPrice, lastDays } from '@dukkan/contracts/format';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import type { AxisValueFormatterContext } from '@mui/x-charts/models';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';

import { useStatsQuery } from '../app/api/stats-api';
import { failureText } from '../app/errors';
import { toLanguage, type Language } from '../app/language';
import { Busy, useStaff } from '../app/layout';
import { DataTable, Section } from '../app/parts';
import { adminPaths } from '../app/paths';
import { mayUse } from '../app/roles';

export const RANGES = ['7', '30', '90'] as const;
type Range = (typeof RANGES)[number];

function rangeOf(value: string | null): Range {
  return RANGES.find((range) => range === value) ?? '30';
}

/**
 * `/admin` (every role): the shop at a glance. Revenue and paid orders per day over 7, 30 or 90
 * days (`?days=`, 30 by default), today's figures, unpaid orders about to expire, the week's best
 * sellers, low stock (1 to the threshold) and out of stock, and for the roles that moderate them
 * the reviews waiting, from `GET /api/admin/stats`. Links lead only to the screens the role may
 * open.
 */
export default function DashboardPage() {
  const { t, i18n } = useTranslation();
  const language = toLanguage(i18n.language);
  const [params, setParams] = useSearchParams();
  const range = rangeOf(params.get('days'));
  // The days are computed once per range: a new `to` at each render would ask again and again.
  const period = useMemo(() => lastDays(Number(range)), [range]);
  const stats = useStatsQuery(period, { refetchOnFocus: true, pollingInterval: 60_000, skipPollingIfUnfocused: true });
  const { role } = useStaff();
  const seesOrders = mayUse(role, 'orders');
  const seesProducts = mayUse(role, 'products');
  const seesReviews = mayUse(role, 'reviews');

  function onRange(_event: unknown, next: Range | null) {
    if (next) setParams(next === '30' ? {} : { days: next }, { replace: true });
  }

  const data = stats.data;
  return (
    <Stack spacing={3}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography component="h1" variant="h1">
          {t('dashboard.title')}
        </Typography>
        <ToggleButtonGroup
          value={range}
          exclusive
          onChange={onRange}
          aria-label={t('dashboard.period')}
          size="small"
          // The standard colours: the primary blue on its light selected background falls under 4.5:1.
          sx={{ '& .Mui-selected': { fontWeight: 700, textDecoration: 'underline', textUnderlineOffset: 4 } }}
        >
          {RANGES.map((value) => (
            <ToggleButton key={value} value={value}>
              {t(`dashboard.range.${value}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      {stats.isError ? (
        <Alert severity="error" role="alert">
          {failureText(t, stats.error)}
        </Alert>
      ) : null}
      {!data ? (
        stats.isError ? null : <Busy />
      ) : (
        <>
          <Section title={t('dashboard.todayTitle')}>
            <Stack direction="row" spacing={4} sx={{ flexWrap: 'wrap' }}>
              <Figure label={t('dashboard.todayOrders')} value={formatCount(data.today.orders, language)} />
              <Figure label={t('dashboard.todayRevenue')} value={formatPrice(data.today.revenue)} />
            </Stack>
          </Section>

          {seesReviews ? (
            <Section title={t('dashboard.reviewsTitle')}>
              <Link component={RouterLink} to={adminPaths.reviews()} sx={{ color: 'primary.dark', fontWeight: data.pendingReviews > 0 ? 700 : undefined }}>
                {t('reviews.waiting', { count: data.pendingReviews })}
              </Link>
            </Section>
          ) : null}

          <Section title={t('dashboard.chartTitle')}>
            <Typography variant="body2" sx={{ mb: 1 }}>
              {t('dashboard.totals', { count: data.totals.paidOrders, revenue: formatPrice(data.totals.revenue), refunded: formatPrice(data.totals.refunded) })}
            </Typography>
            {/* The chart can be explored with the keyboard (MUI X's own); the table below has the same figures. */}
            <Box sx={{ width: '100%', height: 320 }}>
              <BarChart
                height={320}
                skipAnimation
                xAxis={[{ scaleType: 'band', data: data.days.map((day) => day.date), valueFormatter: (day: string) => formatDay(day, language) }]}
                yAxis={[
                  // Whole dollars on the ticks; the tooltip has the cents.
                  { id: 'revenue', width: 72, valueFormatter: (value: number, context: AxisValueFormatterContext) => (context.location === 'tick' ? wholeDollars(value) : formatPrice(value)) },
                  // Whole orders on the ticks: with no orders in the period the scale would show 0.0, 0.2...
                  { id: 'orders', position: 'right', tickMinStep: 1, width: 40, valueFormatter: wholeCountTick },
                ]}
                series={[
                  { data: data.days.map((day) => day.revenue), label: t('dashboard.revenue'), yAxisId: 'revenue', color: '#0071dc', valueFormatter: (value) => (value === null ? '' : formatPrice(value)) },
                  { data: data.days.map((day) => day.paidOrders), label: t('dashboard.paidOrders'), yAxisId: 'orders', color: '#041e42' },
                ]}
              />
            </Box>
            <details>
              <summary>{t('dashboard.showTable')}</summary>
              <DataTable
                caption={t('dashboard.chartTitle')}
                size="small"
                columns={[{ label: t('dashboard.day') }, { label: t('dashboard.revenue'), align: 'right' }, { label: t('dashboard.paidOrders'), align: 'right' }]}
              >
                {data.days.map((day) => (
                  <TableRow key={day.date}>
                    <TableCell>{formatDay(day.date, language)}</TableCell>
                    <TableCell align="right">{formatPrice(day.revenue)}</TableCell>
                    <TableCell align="right">{formatCount(day.paidOrders, language)}</TableCell>
                  </TableRow>
                ))}
              </DataTable>
            </details>
          </Section>

          <Grid container spacing={3}>
            <Grid size={{ xs: 12, md: 6 }}>
              <Section title={t('dashboard.expiringTitle')}>
                {data.expiringUnpaid.length === 0 ? (
                  <Typography variant="body2">{t('dashboard.expiringNone')}</Typography>
                ) : (
                  <DataTable
                    caption={t('dashboard.expiringTitle')}
                    size="small"
                    columns={[{ label: t('dashboard.order') }, { label: t('dashboard.amount') }, { label: t('dashboard.expires') }]}
                  >
                    {data.expiringUnpaid.map((order) => (
                      <TableRow key={order._id}>
                        <TableCell>
                          {/* A role without the orders screen (catalog) sees the id, not a link to a page it may not open. */}
                          {seesOrders ? (
                            <Link component={RouterLink} to={adminPaths.order(order._id)} sx={{ color: 'primary.dark' }}>
                              {order._id}
                            </Link>
                          ) : (
                            <span>{order._id}</span>
                          )}
                          {/* Absent for a role that may not read customers (the API leaves it out). */}
                          {order.customerEmail === undefined ? null : (
                            <Typography variant="body2" dir="ltr" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                              {order.customerEmail}
                            </Typography>
                          )}
                        </TableCell>
                        <TableCell>{formatPrice(order.amount)}</TableCell>
                        <TableCell>{formatDateTime(order.payBy, language)}</TableCell>
                      </TableRow>
                    ))}
                  </DataTable>
                )}
              </Section>
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <Section title={t('dashboard.bestSellersTitle')}>
                {data.bestSellers.length === 0 ? (
                  <Typography variant="body2">{t('dashboard.bestSellersNone')}</Typography>
                ) : (
                  <DataTable
                    caption={t('dashboard.bestSellersTitle')}
                    size="small"
                    columns={[{ label: t('dashboard.product') }, { label: t('dashboard.units'), align: 'right' }, { label: t('dashboard.revenue'), align: 'right' }]}
                  >
                    {data.bestSellers.map((product) => (
                      <TableRow key={product._id}>
                        <TableCell lang={language} dir="auto">
                          {product.title[language] || product.title.en}
                        </TableCell>
                        <TableCell align="right">{formatCount(product.quantity, language)}</TableCell>
                        <TableCell align="right">{formatPrice(product.revenue)}</TableCell>
                      </TableRow>
                    ))}
                  </DataTable>
                )}
              </Section>
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <StockBox
                title={t('dashboard.lowStockTitle', { count: data.lowStockThreshold })}
                none={t('dashboard.lowStockNone')}
                all={seesProducts ? { label: t('dashboard.lowStockAll'), to: adminPaths.products('?status=published&stock=low') } : null}
                products={data.lowStock}
                language={language}
                linked={seesProducts}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <StockBox
                title={t('dashboard.outOfStockTitle')}
                none={t('dashboard.outOfStockNone')}
                all={seesProducts ? { label: t('dashboard.outOfStockAll'), to: adminPaths.products('?status=published&stock=out') } : null}
                products={data.outOfStock}
                language={language}
                linked={seesProducts}
              />
            </Grid>
          </Grid>
        </>
      )}
    </Stack>
  );
}

/** `$1,300`: an axis tick, rounded to whole dollars. */
function wholeDollars(value: number): string {
  return `$${value.toLocaleString('en-US', { maximumFractionDigits: 0 })}`;
}

/** A paid-orders tick: a whole number (`1,200`), or no label between two whole numbers; elsewhere the plain value. */
export function wholeCountTick(value: number, context: Pick<AxisValueFormatterContext, 'location'>): string {
  if (context.location !== 'tick') return value.toLocaleString();
  return Number.isInteger(value) ? value.toLocaleString('en-US', { maximumFractionDigits: 0 }) : '';
}

/**
 * A box of products by their stock (low, or out): each product's title (a link to its editor for a
 * role with the products screen) and units, and a link to the whole list in the products screen
 * (the box shows the first 10).
 */
function StockBox({
  title,
  none,
  all,
  products,
  language,
  linked,
}: {
  title: string;
  none: string;
  all: { label: string; to: string } | null;
  products: Stats['lowStock'];
  language: Language;
  linked: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Section title={title}>
      {products.length === 0 ? (
        <Typography variant="body2">{none}</Typography>
      ) : (
        <DataTable caption={title} size="small" columns={[{ label: t('dashboard.product') }, { label: t('dashboard.stock'), align: 'right' }]}>
          {products.map((product) => (
            <TableRow key={product._id}>
              <TableCell lang={language} dir="auto">
                {linked ? (
                  <Link component={RouterLink} to={adminPaths.product(product._id)} sx={{ color: 'primary.dark' }}>
                    {product.title[language] || product.title.en}
                  </Link>
                ) : (
                  product.title[language] || product.title.en
                )}
              </TableCell>
              <TableCell align="right">{formatCount(product.quantity, language)}</TableCell>
            </TableRow>
          ))}
        </DataTable>
      )}
      {all && products.length > 0 ? (
        <Link component={RouterLink} to={all.to} sx={{ display: 'inline-block', mt: 1, color: 'primary.dark' }}>
          {all.label}
        </Link>
      ) : null}
    </Section>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Box>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="p" variant="h4" sx={{ fontWeight: 700 }}>
        {value}
      </Typography>
    </Box>
  );
}

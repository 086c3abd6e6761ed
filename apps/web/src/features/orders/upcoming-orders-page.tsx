import { useTranslation } from 'react-i18next';

import { OrderList } from './order-list';

/** `/userprofile/upcomingOrders`: orders not yet delivered or cancelled (spec section 2). */
export function UpcomingOrdersPage() {
  const { t } = useTranslation('account');
  return <OrderList list="coming" title={t('profile.upcomingTitle')} empty={t('profile.upcomingEmpty')} />;
}

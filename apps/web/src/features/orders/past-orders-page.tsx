import { useTranslation } from 'react-i18next';

import { OrderList } from './order-list';

/** `/userprofile/pastOrders`: delivered and cancelled orders (spec section 2). */
export function PastOrdersPage() {
  const { t } = useTranslation('account');
  return <OrderList list="past" title={t('profile.pastTitle')} empty={t('profile.pastEmpty')} />;
}

import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { ListCard } from '../../../ui/ListCard';

type Props<T> = Omit<ComponentProps<typeof ListCard<T>>, 'rowKey' | 'searchPlaceholder'>;

/** A request list: ListCard keyed by row id whose search box reads "Search" (the box searches more than names). */
export function SearchListCard<T extends { id: number }>(props: Props<T>) {
  const { t } = useTranslation();
  return <ListCard {...props} rowKey={(r) => r.id} searchPlaceholder={t('app.search')} />;
}

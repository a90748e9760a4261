import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { ListCard } from '../../../ui/ListCard';

type Props<T> = Omit<ComponentProps<typeof ListCard<T>>, 'searchPlaceholder'>;

/** A ListCard whose search box reads "Search" (the box searches more than names); rows keyed by id unless `rowKey` says otherwise. */
export function SearchListCard<T>(props: Props<T>) {
  const { t } = useTranslation();
  return <ListCard {...props} searchPlaceholder={t('app.search')} />;
}

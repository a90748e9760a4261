import { createContext, type ReactNode, useContext } from 'react';

/**
 * Inside this provider every DataTable turns into one card per row on a phone (under 640 px): the
 * header row is hidden and each cell shows its column's name beside its value, so no column (status,
 * actions) is cut off or needs sideways scrolling. From 640 px up the table is unchanged.
 * The employee's own screens are wrapped in it (app/RoutePage.tsx).
 */
const PhoneCardsContext = createContext(false);

export function PhoneCards({ children, enabled = true }: { children: ReactNode; enabled?: boolean }) {
  return <PhoneCardsContext.Provider value={enabled}>{children}</PhoneCardsContext.Provider>;
}

/** Whether tables here become cards on a phone. */
export const usePhoneCards = () => useContext(PhoneCardsContext);

/** The classes of a table that becomes cards on a phone, by part. */
export const PHONE_CARD_CLASSES = {
  table: 'max-sm:block max-sm:divide-y-0',
  head: 'max-sm:hidden',
  body: 'max-sm:block max-sm:space-y-3 max-sm:divide-y-0 max-sm:bg-transparent',
  row: 'max-sm:block max-sm:rounded-md max-sm:border max-sm:border-slate-200 max-sm:bg-white max-sm:p-3 max-sm:shadow-sm',
  cell: 'max-sm:flex max-sm:min-w-0 max-sm:items-start max-sm:justify-between max-sm:gap-3 max-sm:px-0 max-sm:py-1 max-sm:text-right max-sm:whitespace-normal max-sm:break-words max-sm:before:shrink-0 max-sm:before:text-left max-sm:before:font-medium max-sm:before:text-slate-500 max-sm:before:content-[attr(data-label)]',
} as const;

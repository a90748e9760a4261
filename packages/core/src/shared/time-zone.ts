/**
 * The company's time zone (IANA): the company works in Indonesia's western time, WIB (UTC+7, no
 * daylight saving). It decides which calendar day "today" is, and the local date and time of an
 * instant, everywhere in the app. ARCHITECTURE.md makes the zone a setting; until that setting
 * exists, this constant is the one place it is read from. Dates shown and typed are in this zone
 * (spec §9).
 */
export const COMPANY_TIME_ZONE = 'Asia/Jakarta';

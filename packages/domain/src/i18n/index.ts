export { COMMON_CATALOG, DRIVER_CATALOG, type CommonKey, type DriverKey } from './catalogs';
export { lagosDateTimeTextIn, lagosDayTextIn, monthNamesOf, nairaText, type MonthNames } from './format';
export { DEFAULT_LOCALE, isLocale, LOCALE_NAMES, LOCALES, negotiateLocale, type Locale } from './locales';
export {
  createTranslator,
  type AreaCatalog,
  type CatalogMeta,
  type Messages,
  type MessageValues,
  type Translate,
} from './translator';

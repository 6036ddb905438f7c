export {
  COMMON_CATALOG,
  DRIVER_CATALOG,
  PUBLIC_CATALOG,
  type CommonKey,
  type DriverKey,
  type PublicKey,
} from './catalogs';
export { VERIFICATION_CATALOG, type VerificationKey } from './catalogs';
export { DRIVER_SMS_CATALOG, USSD_CATALOG, type DriverSmsKey, type UssdKey } from './catalogs';
export { WHATSAPP_CATALOG, type WhatsappKey } from './catalogs';
export { NOTIFICATION_CATALOG, type NotificationKey } from './catalogs';
export { lagosDateTimeTextIn, lagosDayTextIn, monthNamesOf, nairaText, type MonthNames } from './format';
export { DEFAULT_LOCALE, isLocale, LOCALE_NAMES, LOCALES, negotiateLocale, type Locale } from './locales';
export {
  createTranslator,
  messagesOf,
  type AreaCatalog,
  type CatalogMeta,
  type Messages,
  type MessageValues,
  type Translate,
} from './translator';
export { publicWordsOf, type PublicWords } from './public-words';

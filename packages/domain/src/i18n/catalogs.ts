import commonEn from './catalogs/common/en-NG.json' with { type: 'json' };
import commonHa from './catalogs/common/ha.json' with { type: 'json' };
import commonIg from './catalogs/common/ig.json' with { type: 'json' };
import commonPcm from './catalogs/common/pcm.json' with { type: 'json' };
import commonYo from './catalogs/common/yo.json' with { type: 'json' };
import driverEn from './catalogs/driver/en-NG.json' with { type: 'json' };
import driverHa from './catalogs/driver/ha.json' with { type: 'json' };
import driverIg from './catalogs/driver/ig.json' with { type: 'json' };
import driverPcm from './catalogs/driver/pcm.json' with { type: 'json' };
import driverYo from './catalogs/driver/yo.json' with { type: 'json' };
import publicEn from './catalogs/public/en-NG.json' with { type: 'json' };
import publicHa from './catalogs/public/ha.json' with { type: 'json' };
import publicIg from './catalogs/public/ig.json' with { type: 'json' };
import publicPcm from './catalogs/public/pcm.json' with { type: 'json' };
import publicYo from './catalogs/public/yo.json' with { type: 'json' };
import verificationEn from './catalogs/verification/en-NG.json' with { type: 'json' };
import verificationHa from './catalogs/verification/ha.json' with { type: 'json' };
import verificationIg from './catalogs/verification/ig.json' with { type: 'json' };
import verificationPcm from './catalogs/verification/pcm.json' with { type: 'json' };
import verificationYo from './catalogs/verification/yo.json' with { type: 'json' };
import ussdEn from './catalogs/ussd/en-NG.json' with { type: 'json' };
import ussdHa from './catalogs/ussd/ha.json' with { type: 'json' };
import ussdIg from './catalogs/ussd/ig.json' with { type: 'json' };
import ussdPcm from './catalogs/ussd/pcm.json' with { type: 'json' };
import ussdYo from './catalogs/ussd/yo.json' with { type: 'json' };
import driverSmsEn from './catalogs/driver-sms/en-NG.json' with { type: 'json' };
import driverSmsHa from './catalogs/driver-sms/ha.json' with { type: 'json' };
import driverSmsIg from './catalogs/driver-sms/ig.json' with { type: 'json' };
import driverSmsPcm from './catalogs/driver-sms/pcm.json' with { type: 'json' };
import driverSmsYo from './catalogs/driver-sms/yo.json' with { type: 'json' };
import whatsappEn from './catalogs/whatsapp/en-NG.json' with { type: 'json' };
import whatsappHa from './catalogs/whatsapp/ha.json' with { type: 'json' };
import whatsappIg from './catalogs/whatsapp/ig.json' with { type: 'json' };
import whatsappPcm from './catalogs/whatsapp/pcm.json' with { type: 'json' };
import whatsappYo from './catalogs/whatsapp/yo.json' with { type: 'json' };
import notificationEn from './catalogs/notification/en-NG.json' with { type: 'json' };
import notificationHa from './catalogs/notification/ha.json' with { type: 'json' };
import notificationIg from './catalogs/notification/ig.json' with { type: 'json' };
import notificationPcm from './catalogs/notification/pcm.json' with { type: 'json' };
import notificationYo from './catalogs/notification/yo.json' with { type: 'json' };
import type { Locale } from './locales';
import { messagesOf, type AreaCatalog } from './translator';

/** A catalog file as read: its `_meta` beside its messages. */
type CatalogFile = Readonly<Record<string, unknown>>;
type Keys<F> = Exclude<keyof F, '_meta'> & string;

function areaOf<F extends CatalogFile>(files: { 'en-NG': F } & Record<Locale, CatalogFile>) {
  return {
    'en-NG': messagesOf(files['en-NG']) as Record<Keys<F>, string>,
    pcm: messagesOf(files.pcm),
    ha: messagesOf(files.ha),
    yo: messagesOf(files.yo),
    ig: messagesOf(files.ig),
  } satisfies AreaCatalog<Keys<F>>;
}

// Each area's files are a constant of their own, and each area's catalog is marked pure: a bundle then
// keeps only the areas it reads, so the public pages do not carry the USSD menu or every notification in
// five languages to a cheap phone.
const COMMON_FILES = { 'en-NG': commonEn, pcm: commonPcm, ha: commonHa, yo: commonYo, ig: commonIg };
const DRIVER_FILES = { 'en-NG': driverEn, pcm: driverPcm, ha: driverHa, yo: driverYo, ig: driverIg };
const USSD_FILES = { 'en-NG': ussdEn, pcm: ussdPcm, ha: ussdHa, yo: ussdYo, ig: ussdIg };
const DRIVER_SMS_FILES = {
  'en-NG': driverSmsEn,
  pcm: driverSmsPcm,
  ha: driverSmsHa,
  yo: driverSmsYo,
  ig: driverSmsIg,
};
const PUBLIC_FILES = { 'en-NG': publicEn, pcm: publicPcm, ha: publicHa, yo: publicYo, ig: publicIg };
const VERIFICATION_FILES = {
  'en-NG': verificationEn,
  pcm: verificationPcm,
  ha: verificationHa,
  yo: verificationYo,
  ig: verificationIg,
};
const WHATSAPP_FILES = {
  'en-NG': whatsappEn,
  pcm: whatsappPcm,
  ha: whatsappHa,
  yo: whatsappYo,
  ig: whatsappIg,
};
const NOTIFICATION_FILES = {
  'en-NG': notificationEn,
  pcm: notificationPcm,
  ha: notificationHa,
  yo: notificationYo,
  ig: notificationIg,
};

/** The catalog files of every area, as the completeness test reads them. */
export const CATALOG_FILES = {
  common: COMMON_FILES,
  driver: DRIVER_FILES,
  ussd: USSD_FILES,
  'driver-sms': DRIVER_SMS_FILES,
  public: PUBLIC_FILES,
  verification: VERIFICATION_FILES,
  whatsapp: WHATSAPP_FILES,
  notification: NOTIFICATION_FILES,
} satisfies Record<string, Record<Locale, CatalogFile>>;

/** Words every area shares: the months, for day-first dates in every language. */
export const COMMON_CATALOG = /* @__PURE__ */ areaOf(COMMON_FILES);
export type CommonKey = Keys<typeof commonEn>;

/** What the driver reads on the phone page. */
export const DRIVER_CATALOG = /* @__PURE__ */ areaOf(DRIVER_FILES);
export type DriverKey = Keys<typeof driverEn>;

/** The texts that carry a phone verification code. */
export const VERIFICATION_CATALOG = /* @__PURE__ */ areaOf(VERIFICATION_FILES);
export type VerificationKey = Keys<typeof verificationEn>;

/** What anyone with a link reads on the public tracking and ongoing-trips pages. */
export const PUBLIC_CATALOG = /* @__PURE__ */ areaOf(PUBLIC_FILES);
export type PublicKey = Keys<typeof publicEn>;

/** The driver's USSD menu, every screen at most 182 characters (USSD_SCREEN_MAX). */
export const USSD_CATALOG = /* @__PURE__ */ areaOf(USSD_FILES);
export type UssdKey = Keys<typeof ussdEn>;

/** The text messages a driver gets: the trip assigned, the USSD PIN. */
export const DRIVER_SMS_CATALOG = /* @__PURE__ */ areaOf(DRIVER_SMS_FILES);
export type DriverSmsKey = Keys<typeof driverSmsEn>;

/** The platform's WhatsApp answers to people who write to it: a trip's public facts by its number or link. */
export const WHATSAPP_CATALOG = /* @__PURE__ */ areaOf(WHATSAPP_FILES);
export type WhatsappKey = Keys<typeof whatsappEn>;

/**
 * What people are told of business events, in the app, by e-mail, push, SMS and WhatsApp: each event's title,
 * body and e-mail, the e-mail's greeting and footer, the kinds' names and the WhatsApp templates' words.
 */
export const NOTIFICATION_CATALOG = /* @__PURE__ */ areaOf(NOTIFICATION_FILES);
export type NotificationKey = Keys<typeof notificationEn>;

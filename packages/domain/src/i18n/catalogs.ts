import commonEn from './catalogs/common/en-NG.json';
import commonHa from './catalogs/common/ha.json';
import commonIg from './catalogs/common/ig.json';
import commonPcm from './catalogs/common/pcm.json';
import commonYo from './catalogs/common/yo.json';
import driverEn from './catalogs/driver/en-NG.json';
import driverHa from './catalogs/driver/ha.json';
import driverIg from './catalogs/driver/ig.json';
import driverPcm from './catalogs/driver/pcm.json';
import driverYo from './catalogs/driver/yo.json';
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

/** The catalog files of every area, as the completeness test reads them. */
export const CATALOG_FILES = {
  common: { 'en-NG': commonEn, pcm: commonPcm, ha: commonHa, yo: commonYo, ig: commonIg },
  driver: { 'en-NG': driverEn, pcm: driverPcm, ha: driverHa, yo: driverYo, ig: driverIg },
} satisfies Record<string, Record<Locale, CatalogFile>>;

/** Words every area shares: the months, for day-first dates in every language. */
export const COMMON_CATALOG = areaOf(CATALOG_FILES.common);
export type CommonKey = Keys<typeof commonEn>;

/** What the driver reads on the phone page. */
export const DRIVER_CATALOG = areaOf(CATALOG_FILES.driver);
export type DriverKey = Keys<typeof driverEn>;

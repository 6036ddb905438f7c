import type { ContainerSize } from '@freightlane/domain';

/**
 * Reference data every installation needs: the terminals, holding bays and depots loads move
 * between, the shipping lines that own the containers with their tariffs, and the tracking
 * companies. Data only; `reference.ts` inserts what a database lacks and never overwrites a row, so
 * what admins changed in the back office stays. Codes are stable keys: never change a code.
 */

export interface TerminalSeed {
  code: string;
  name: string;
  operator: string;
  kind: 'PORT_TERMINAL' | 'HOLDING_BAY' | 'INLAND_DEPOT';
  port: string;
  city: string;
  /** Exactly as in LGAS_BY_STATE for the state. */
  lga: string;
  state: 'Lagos' | 'Rivers' | 'Ogun';
  /**
   * The middle of the terminal's yard, for its geofence: approximate, to within about half a kilometre
   * of the gate, which a geofence of a kilometre (the default) holds. Correct them here when a transporter
   * reports a terminal's gate elsewhere.
   */
  latitude: number;
  longitude: number;
}

export const TERMINALS: readonly TerminalSeed[] = [
  // Lagos Port Complex, Apapa
  {
    code: 'APMT-APAPA',
    name: 'APM Terminals Apapa',
    operator: 'APM Terminals',
    kind: 'PORT_TERMINAL',
    port: 'Apapa',
    city: 'Apapa',
    lga: 'Apapa',
    state: 'Lagos',
    latitude: 6.4453,
    longitude: 3.3636,
  },
  {
    code: 'ENL-APAPA',
    name: 'ENL Consortium Terminal',
    operator: 'ENL Consortium',
    kind: 'PORT_TERMINAL',
    port: 'Apapa',
    city: 'Apapa',
    lga: 'Apapa',
    state: 'Lagos',
    latitude: 6.4486,
    longitude: 3.3694,
  },
  {
    code: 'ABTL-APAPA',
    name: 'Apapa Bulk Terminal',
    operator: 'Flour Mills of Nigeria',
    kind: 'PORT_TERMINAL',
    port: 'Apapa',
    city: 'Apapa',
    lga: 'Apapa',
    state: 'Lagos',
    latitude: 6.4419,
    longitude: 3.3715,
  },
  {
    code: 'GDNL-APAPA',
    name: 'Greenview Development Nigeria Terminal (GDNL)',
    operator: 'Greenview Development Nigeria',
    kind: 'PORT_TERMINAL',
    port: 'Apapa',
    city: 'Apapa',
    lga: 'Apapa',
    state: 'Lagos',
    latitude: 6.4394,
    longitude: 3.3583,
  },
  // Tin Can Island Port Complex
  {
    code: 'TICT-TINCAN',
    name: 'Tin Can Island Container Terminal (TICT)',
    operator: 'TICT',
    kind: 'PORT_TERMINAL',
    port: 'Tin Can Island',
    city: 'Apapa',
    lga: 'Apapa',
    state: 'Lagos',
    latitude: 6.4366,
    longitude: 3.342,
  },
  {
    code: 'JPS-TINCAN',
    name: 'Josephdam Port Services Terminal',
    operator: 'Josephdam Port Services',
    kind: 'PORT_TERMINAL',
    port: 'Tin Can Island',
    city: 'Apapa',
    lga: 'Apapa',
    state: 'Lagos',
    latitude: 6.4398,
    longitude: 3.337,
  },
  {
    code: 'PCHS-TINCAN',
    name: 'Port and Cargo Handling Services Terminal',
    operator: 'Port and Cargo Handling Services',
    kind: 'PORT_TERMINAL',
    port: 'Tin Can Island',
    city: 'Apapa',
    lga: 'Apapa',
    state: 'Lagos',
    latitude: 6.4346,
    longitude: 3.3456,
  },
  {
    code: 'FSL-TINCAN',
    name: 'Five Star Logistics Terminal',
    operator: 'Five Star Logistics',
    kind: 'PORT_TERMINAL',
    port: 'Tin Can Island',
    city: 'Apapa',
    lga: 'Apapa',
    state: 'Lagos',
    latitude: 6.4333,
    longitude: 3.3392,
  },
  {
    code: 'PTML-TINCAN',
    name: 'Ports and Terminal Multiservices Terminal (PTML)',
    operator: 'Ports and Terminal Multiservices',
    kind: 'PORT_TERMINAL',
    port: 'Tin Can Island',
    city: 'Apapa',
    lga: 'Apapa',
    state: 'Lagos',
    latitude: 6.4317,
    longitude: 3.333,
  },
  {
    code: 'KLT-KIRIKIRI',
    name: 'Kirikiri Lighter Terminal',
    operator: 'Nigerian Ports Authority',
    kind: 'PORT_TERMINAL',
    port: 'Kirikiri',
    city: 'Lagos',
    lga: 'Apapa',
    state: 'Lagos',
    latitude: 6.4443,
    longitude: 3.315,
  },
  // Lekki Deep Sea Port
  {
    code: 'LFT-LEKKI',
    name: 'Lekki Freeport Terminal',
    operator: 'Lekki Freeport Terminal',
    kind: 'PORT_TERMINAL',
    port: 'Lekki',
    city: 'Lekki',
    lga: 'Ibeju-Lekki',
    state: 'Lagos',
    latitude: 6.4236,
    longitude: 4.0093,
  },
  {
    code: 'ILT-IKORODU',
    name: 'Ikorodu Lighter Terminal',
    operator: 'Nigerian Ports Authority',
    kind: 'PORT_TERMINAL',
    port: 'Ikorodu',
    city: 'Ikorodu',
    lga: 'Ikorodu',
    state: 'Lagos',
    latitude: 6.5897,
    longitude: 3.4918,
  },
  // Truck parks and holding bays feeding the Lagos ports
  {
    code: 'LILYPOND-IJORA',
    name: 'Lilypond Export Terminal and Truck Transit Park',
    operator: 'Truck Transit Park',
    kind: 'HOLDING_BAY',
    port: 'Ijora',
    city: 'Lagos',
    lga: 'Apapa',
    state: 'Lagos',
    latitude: 6.4674,
    longitude: 3.3704,
  },
  {
    code: 'TTP-TINCAN',
    name: 'Tin Can Island Truck Transit Park',
    operator: 'MOB Truck Park',
    kind: 'HOLDING_BAY',
    port: 'Tin Can Island',
    city: 'Apapa',
    lga: 'Apapa',
    state: 'Lagos',
    latitude: 6.442,
    longitude: 3.344,
  },
  {
    code: 'ANET-AMUWO-ODOFIN',
    name: 'Anet Truck Park, Second Rainbow',
    operator: 'Anet Construction & Development Concept',
    kind: 'HOLDING_BAY',
    port: 'Amuwo-Odofin',
    city: 'Lagos',
    lga: 'Amuwo-Odofin',
    state: 'Lagos',
    latitude: 6.4612,
    longitude: 3.3005,
  },
  // Off-dock terminals and inland depots
  {
    code: 'SIFAX-IJORA',
    name: 'SIFAX Ijora Inland Container Terminal',
    operator: 'SIFAX Group',
    kind: 'INLAND_DEPOT',
    port: 'Ijora',
    city: 'Lagos',
    lga: 'Apapa',
    state: 'Lagos',
    latitude: 6.4703,
    longitude: 3.3728,
  },
  {
    code: 'JAKYS-SATELLITE-TOWN',
    name: 'Jakys Off-Dock Terminal, Satellite Town',
    operator: 'Jakys Nigeria',
    kind: 'INLAND_DEPOT',
    port: 'Satellite Town',
    city: 'Lagos',
    lga: 'Amuwo-Odofin',
    state: 'Lagos',
    latitude: 6.4488,
    longitude: 3.2765,
  },
  {
    code: 'KAJOLA-ICD',
    name: 'Kajola Inland Dry Port',
    operator: 'Ogun State Government',
    kind: 'INLAND_DEPOT',
    port: 'Kajola',
    city: 'Papalanto',
    lga: 'Ewekoro',
    state: 'Ogun',
    latitude: 6.9,
    longitude: 3.203,
  },
  // Onne Port Complex
  {
    code: 'WACT-ONNE',
    name: 'West Africa Container Terminal (WACT)',
    operator: 'APM Terminals',
    kind: 'PORT_TERMINAL',
    port: 'Onne',
    city: 'Onne',
    lga: 'Eleme',
    state: 'Rivers',
    latitude: 4.703,
    longitude: 7.156,
  },
  {
    code: 'INTELS-ONNE',
    name: 'Onne Multipurpose Terminal (Intels FOT)',
    operator: 'Intels',
    kind: 'PORT_TERMINAL',
    port: 'Onne',
    city: 'Onne',
    lga: 'Eleme',
    state: 'Rivers',
    latitude: 4.6923,
    longitude: 7.1601,
  },
  // Rivers Port Complex, Port Harcourt
  {
    code: 'PTOL-PORT-HARCOURT',
    name: 'Ports and Terminal Operators Nigeria (PTOL), Terminal A',
    operator: 'PTOL',
    kind: 'PORT_TERMINAL',
    port: 'Port Harcourt',
    city: 'Port Harcourt',
    lga: 'Port Harcourt',
    state: 'Rivers',
    latitude: 4.7688,
    longitude: 7.0079,
  },
  {
    code: 'BUA-PORT-HARCOURT',
    name: 'BUA Ports and Terminals, Terminal B',
    operator: 'BUA Ports and Terminals',
    kind: 'PORT_TERMINAL',
    port: 'Port Harcourt',
    city: 'Port Harcourt',
    lga: 'Port Harcourt',
    state: 'Rivers',
    latitude: 4.7712,
    longitude: 7.0138,
  },
];

export interface ShippingLineSeed {
  code: string;
  name: string;
}

export const SHIPPING_LINES: readonly ShippingLineSeed[] = [
  { code: 'MAERSK', name: 'Maersk' },
  { code: 'MSC', name: 'Mediterranean Shipping Company (MSC)' },
  { code: 'CMA-CGM', name: 'CMA CGM' },
  { code: 'HAPAG-LLOYD', name: 'Hapag-Lloyd' },
  { code: 'COSCO', name: 'COSCO Shipping Lines' },
  { code: 'ONE', name: 'Ocean Network Express (ONE)' },
  { code: 'EVERGREEN', name: 'Evergreen Line' },
  { code: 'PIL', name: 'Pacific International Lines (PIL)' },
  { code: 'GRIMALDI', name: 'Grimaldi Lines' },
  { code: 'ZIM', name: 'ZIM Integrated Shipping Services' },
  { code: 'ARKAS', name: 'Arkas Line' },
  { code: 'OOCL', name: 'Orient Overseas Container Line (OOCL)' },
  { code: 'HMM', name: 'HMM' },
  { code: 'YANG-MING', name: 'Yang Ming Marine Transport' },
  { code: 'SEALEAD', name: 'Sealead Shipping' },
  { code: 'MESSINA', name: 'Ignazio Messina & C.' },
];

export interface TariffSeed {
  freeDays: number;
  demurrageKoboPerDay: number;
  detentionKoboPerDay: number;
}

const NAIRA = 100;
/** Daily charges are quoted in round figures: to the nearest ₦500. */
const roundRate = (naira: number) => Math.round(naira / 500) * 500 * NAIRA;

/**
 * A line's tariff for every size from its 20-foot import tariff: a 40-foot box costs about 1.8 times
 * as much a day, a high cube 1.9 times, a 45-foot 2.1 times and gets two free days fewer (at least 5).
 */
function tariffsFrom(freeDays: number, demurrage20Naira: number, detention20Naira: number) {
  const size = (factor: number, days = freeDays): TariffSeed => ({
    freeDays: days,
    demurrageKoboPerDay: roundRate(demurrage20Naira * factor),
    detentionKoboPerDay: roundRate(detention20Naira * factor),
  });
  return {
    FTS_20: size(1),
    FTS_40: size(1.8),
    FTS_45: size(2.1, Math.max(5, freeDays - 2)),
    FTS_40_HIGH: size(1.9),
  } satisfies Record<ContainerSize, TariffSeed>;
}

/**
 * Free days and daily demurrage (full box at the terminal) and detention (box out until the empty is
 * returned) on imports into Lagos, by line code. Believable starting figures in naira of the kind
 * importers are charged (most lines 7 free days on a 20-foot box, tens of thousands of naira a day);
 * admins set each line's current tariff in the back office, and the seed never overwrites it.
 */
export const SHIPPING_LINE_TARIFFS: Readonly<Record<string, Record<ContainerSize, TariffSeed>>> = {
  MAERSK: tariffsFrom(7, 38_000, 30_000),
  MSC: tariffsFrom(7, 36_000, 28_000),
  'CMA-CGM': tariffsFrom(7, 37_500, 29_000),
  'HAPAG-LLOYD': tariffsFrom(7, 40_000, 31_000),
  COSCO: tariffsFrom(10, 33_000, 26_000),
  ONE: tariffsFrom(7, 35_000, 27_500),
  EVERGREEN: tariffsFrom(7, 34_000, 27_000),
  PIL: tariffsFrom(10, 30_000, 24_000),
  GRIMALDI: tariffsFrom(10, 32_000, 25_000),
  ZIM: tariffsFrom(7, 36_500, 28_500),
  ARKAS: tariffsFrom(10, 29_000, 23_000),
  OOCL: tariffsFrom(7, 35_500, 27_500),
  HMM: tariffsFrom(7, 34_500, 27_000),
  'YANG-MING': tariffsFrom(7, 33_500, 26_500),
  SEALEAD: tariffsFrom(10, 28_000, 22_000),
  MESSINA: tariffsFrom(10, 31_000, 24_500),
};

export interface TrackingCompanySeed {
  code: string;
  name: string;
  kind: 'TRACCAR' | 'DRIVER_PHONE' | 'SIMULATOR';
  description: string;
}

/** The tracking companies the platform reads positions from. Admins may turn one off (active = false). */
export const TRACKING_COMPANIES: readonly TrackingCompanySeed[] = [
  {
    code: 'TRACCAR',
    name: 'Traccar',
    kind: 'TRACCAR',
    description:
      'Any Traccar server, your own or a hosted one, which most GPS trackers sold in Nigeria report to. Sign in with its e-mail and password or an access token.',
  },
  {
    code: 'DRIVER_PHONE',
    name: 'Driver phone',
    kind: 'DRIVER_PHONE',
    description:
      "No tracker needed: each driver opens a private link on their phone (or the free Traccar Client app) and the phone sends the truck's position while on a trip.",
  },
  {
    code: 'SIMULATOR',
    name: 'Simulator',
    kind: 'SIMULATOR',
    description:
      'Five simulated trackers that drive the Apapa–Ibadan corridor, to try the map and alerts without hardware.',
  },
];

/**
 * How an SMS is cut into parts, and what it costs. Gateways bill per part (segment), so the count must
 * match theirs: GSM 03.38's 7-bit alphabet fits 160 characters in one part and 153 in each part of a
 * split message (the other 7 carry the header that joins them); any character outside it turns the whole
 * message into UCS-2, 70 UTF-16 code units in one part and 67 in each part of a split one.
 */

export const SMS_ENCODINGS = ['GSM_7', 'UCS_2'] as const;
export type SmsEncoding = (typeof SMS_ENCODINGS)[number];

export interface SmsSegments {
  encoding: SmsEncoding;
  /** GSM-7 septets (an extension character is two) or UTF-16 code units (a surrogate pair is two). */
  units: number;
  /** Parts the gateway sends and bills; 0 for an empty text. */
  segments: number;
}

/** Units per part: a message that fits in one, and each part of a split one. */
export const SMS_PART_UNITS: Record<SmsEncoding, { single: number; split: number }> = {
  GSM_7: { single: 160, split: 153 },
  UCS_2: { single: 70, split: 67 },
};

/** GSM 03.38's basic alphabet (one septet each); the escape character itself is not a character of text. */
const GSM_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
    '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);

/** The extension table: an escape septet and the character, so two septets each. */
const GSM_EXTENSION = new Set('^{}\\[~]|€\f');

/**
 * Each character of a GSM-7 text with its septets, or null when one character is outside GSM-7. Iterated
 * by code point, so an emoji is one character here (and outside GSM-7).
 */
function gsmUnits(text: string): number[] | null {
  const units: number[] = [];
  for (const char of text) {
    if (GSM_BASIC.has(char)) units.push(1);
    else if (GSM_EXTENSION.has(char)) units.push(2);
    else return null;
  }
  return units;
}

/** Each code point's UTF-16 code units: 2 for a surrogate pair (an emoji, some CJK), else 1. */
function ucs2Units(text: string): number[] {
  return Array.from(text, (char) => char.length);
}

/**
 * Packs characters into parts in order. A character never straddles two parts: an extension character's
 * escape and the character, and a surrogate pair's two halves, go into the same part, as handsets cannot
 * join them back otherwise, so a split message may need one part more than units ÷ part size.
 */
function partsOf(units: number[], limits: { single: number; split: number }): number {
  const total = units.reduce((sum, u) => sum + u, 0);
  if (total === 0) return 0;
  if (total <= limits.single) return 1;
  let parts = 1;
  let used = 0;
  for (const u of units) {
    if (used + u > limits.split) {
      parts += 1;
      used = 0;
    }
    used += u;
  }
  return parts;
}

/** The encoding a gateway will use for `text`, its length in that encoding's units, and its parts. */
export function smsSegments(text: string): SmsSegments {
  const gsm = gsmUnits(text);
  if (gsm) {
    return {
      encoding: 'GSM_7',
      units: gsm.reduce((sum, u) => sum + u, 0),
      segments: partsOf(gsm, SMS_PART_UNITS.GSM_7),
    };
  }
  const ucs2 = ucs2Units(text);
  return { encoding: 'UCS_2', units: text.length, segments: partsOf(ucs2, SMS_PART_UNITS.UCS_2) };
}

/** What an SMS costs: its parts at the gateway's price per part, in kobo. */
export function smsCostKobo(text: string, pricePerSegmentKobo: number): number {
  return smsSegments(text).segments * pricePerSegmentKobo;
}

import english from './catalog/en-NG.json';
import { defineAppText } from '../../i18n/app-language';

/** The fleet's words: its lists, wizards, record pages, driver cards and tracking accounts. */
export const useFleetText = defineAppText('features/fleet', english);
export type FleetText = ReturnType<typeof useFleetText>;
export type FleetKey = Parameters<FleetText>[0];

/** Whether a message is one of the fleet's catalog keys (the forms' own messages are written as keys). */
export function isFleetKey(message: string): message is FleetKey {
  return message !== '_meta' && Object.hasOwn(english, message);
}

import { z } from 'zod';

// ---------------------------------------------------------------------------------------------------------
// A trip's tamper-evident record (issue 35, decision 049): its status logs, issues, notes, documents and
// expenses chained in the order written by SHA-256 links; the check recomputes the chain and each entry.

/** What a link records, by the table it was written to. */
export const TRIP_RECORD_KINDS = ['STATUS', 'ISSUE', 'NOTE', 'DOCUMENT', 'EXPENSE'] as const;
export type TripRecordKind = (typeof TRIP_RECORD_KINDS)[number];

/**
 * What the check found wrong. UNRECORDED: the trip's entries were all written before records were kept
 * (nothing to check, nothing broken).
 */
export const TRIP_RECORD_PROBLEMS = [
  'UNRECORDED',
  'LINK_MISSING',
  'LINK_CHANGED',
  'HEAD_CHANGED',
  'ADDED_OUTSIDE',
  'REMOVED_OUTSIDE',
  'CHANGED_OUTSIDE',
] as const;
export type TripRecordProblem = (typeof TRIP_RECORD_PROBLEMS)[number];

export const TRIP_RECORD_PROBLEM_TEXT: Record<TripRecordProblem, string> = {
  UNRECORDED: 'This trip was written before its record was kept',
  LINK_MISSING: 'a link of the chain is missing',
  LINK_CHANGED: 'a link of the chain was changed',
  HEAD_CHANGED: 'the end of the chain was changed',
  ADDED_OUTSIDE: 'an entry was added outside Freightlane',
  REMOVED_OUTSIDE: 'an entry was removed outside Freightlane',
  CHANGED_OUTSIDE: 'an entry was changed outside Freightlane',
};

export const tripRecordCheckSchema = z.object({
  /** True when every link and entry checks out (and for a trip with nothing written yet). */
  intact: z.boolean(),
  checkedAt: z.string(),
  /** The chain's length. */
  links: z.number().int(),
  /** The last link's SHA-256 (hex): what the dossier prints, to compare against later. */
  head: z.string().nullable(),
  /** Where it broke: the link's number when known, the kind of entry, and what was found. */
  broken: z
    .object({
      link: z.number().int().nullable(),
      kind: z.enum(TRIP_RECORD_KINDS).nullable(),
      problem: z.enum(TRIP_RECORD_PROBLEMS),
    })
    .nullable(),
});
export type TripRecordCheck = z.infer<typeof tripRecordCheckSchema>;

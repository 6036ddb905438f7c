/** Small sums over the load driver's output that every fault run reports. */
import type { DriverOutput, Verification } from './mixed-write-load';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** Answers of the load with a 5xx status other than 503 (which is how the API says "try again"). */
export function fivexxOtherThan503(output: DriverOutput): number {
  let n = 0;
  for (const kind of Object.values(output.kinds)) {
    for (const [status, count] of Object.entries(kind.statuses)) {
      if (Number(status) >= 500 && Number(status) !== 503) n += count;
    }
  }
  return n;
}

export function missingWrites(verification: Verification): number {
  const { missing } = verification;
  return missing.statusChange + missing.note + missing.position;
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client';
import { readAll } from './read-all';

/** A read that notes when it starts and ends, and ends only after the others had their chance to start. */
function tracedRead(events: string[], name: string, value: number) {
  return async () => {
    events.push(`${name} starts`);
    await new Promise((resolve) => setTimeout(resolve, 5));
    events.push(`${name} ends`);
    return value;
  };
}

describe('readAll', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({});
  });
  afterAll(() => database.close());

  it('runs the reads side by side outside a transaction, answering in the order asked', async () => {
    const events: string[] = [];
    const answers = await readAll(database.db, [tracedRead(events, 'a', 1), tracedRead(events, 'b', 2)]);
    expect(answers).toEqual([1, 2]);
    expect(events.slice(0, 2)).toEqual(['a starts', 'b starts']);
  });

  it('runs them one after another inside a transaction, whose one connection answers one query at a time', async () => {
    const events: string[] = [];
    const answers = await database.db.transaction((tx) =>
      readAll(tx, [tracedRead(events, 'a', 1), tracedRead(events, 'b', 2)]),
    );
    expect(answers).toEqual([1, 2]);
    expect(events).toEqual(['a starts', 'a ends', 'b starts', 'b ends']);
  });
});

export * from './company';
export * from './user';
export * from './session';
export * from './platform';
export * from './marketplace';
export * from './fleet';
export * from './trip';
export * from './truck-tracking';

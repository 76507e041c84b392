export * from './search';
export * from './dates';
export * from './conditions';
export * from './url-filters';
export * from './board-filters';
export * from './schema';

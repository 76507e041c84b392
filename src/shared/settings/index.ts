export * from './types';
export * from './defaults';
export * from './validate';
export * from './visibility';
export * from './block';
export * from './arrays';
export * from './options';
export * from './read';

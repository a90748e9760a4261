export * from './rules';
export * from './schema';
export * from './service';

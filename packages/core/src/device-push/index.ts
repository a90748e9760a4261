export * from './protocol';
export * from './schema';
export * from './service';

export * from './schema';
export * from './service';

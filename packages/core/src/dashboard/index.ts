export * from './schema';
export * from './service';
export * from './outputs';

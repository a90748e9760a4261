export { API_PREFIXES, type AppOptions, BODY_LIMIT, buildApp } from './app';
export { loadConfig, type ServerConfig } from './config';
export { type AppRouter, appRouter } from './routers/index';

export * from './constants.js';
export * from './errors.js';
export * from './formats.js';
export * from './schemas.js';
export * from './auth.js';
export * from './realtime.js';
export * from './permissions.js';

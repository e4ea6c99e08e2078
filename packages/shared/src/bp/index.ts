export * from './types.js';
export * from './ballot.js';
export * from './panel.js';
export * from './standings.js';
export * from './draw.js';
export * from './judges.js';
export * from './seats.js';
export * from './round-result.js';

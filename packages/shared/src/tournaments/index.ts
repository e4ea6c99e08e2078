export * from './types.js';
export * from './random.js';
export * from './standings.js';
export * from './sides.js';
export * from './draw.js';
export { TDrawBlockedError } from './draw-blocks.js';
export * from './judges.js';
export * from './bracket.js';
export * from './round-names.js';

/** Public surface of the domain package. */
export * from './account/roles.js';
export * from './api/auth.js';
export * from './api/common.js';
export * from './api/merchants.js';
export * from './campaign/phase.js';
export * from './campaign/status.js';
export * from './campaign/types.js';
export * from './config/runtime-config.js';
export * from './merchant/search-type.js';
export * from './permissions.js';
export * from './user/levels.js';

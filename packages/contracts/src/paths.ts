import { endpointPaths } from './endpoints';
import { HandRegisteredPaths } from './hand-registered-paths';

export { HandRegisteredPaths };

/**
 * Every API path by name, derived from `Endpoints` (the one source) plus the hand-registered ones.
 * For the API's tests that inject requests; calls go through the endpoint groups, and the web names a
 * group's endpoint `.path` instead, as this builds every group's schemas (§90).
 */
export const Paths = { ...endpointPaths(), ...HandRegisteredPaths };

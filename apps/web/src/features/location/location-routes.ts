/**
 * The system pages of spec section 2 for a map (verbatim from routes.txt). A module of its own, without
 * zod: the route table (in the entry chunk) needs only these, not location-paths' point checks.
 */
export const LocationPaths = {
  choose: '/choose-location',
  open: '/open-location',
} as const;

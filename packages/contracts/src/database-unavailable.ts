// A module of its own, like maintenance-constants.ts: the web app's connection state, on every
// page, reads this code without the whole error table (error-codes.ts uses it).

/** The `code` of the 503 every API call answers while the database cannot be reached (issue 33). */
export const DATABASE_UNAVAILABLE_CODE = 'DATABASE_UNAVAILABLE';

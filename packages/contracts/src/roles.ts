/** The four staff roles, most to least powerful (PRODUCT.md section 4). */
export const ROLES = ['admin', 'manager', 'agent', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** Role given to accounts created through open registration. */
export const OPEN_REGISTRATION_ROLE: Role = 'viewer';

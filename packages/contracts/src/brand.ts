/** Brand defaults of spec sections 1, 3 and 9 (the brand settings issue adds the API and rules). */
export const DEFAULT_BRAND = {
  appName: 'SMS Management System',
  description: 'Professional SMS and communication management platform',
  logoWidth: 180,
  logoHeight: 70,
  primaryColor: '#041E42',
  secondaryColor: '#2BD1EE',
  accentColor: '#46ECB0',
  fontFamily: 'Inter',
} as const;

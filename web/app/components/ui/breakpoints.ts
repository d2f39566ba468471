/** Spec §9 breakpoints, for JS (matchMedia); CSS uses the same numbers in @media rules. */
export const BREAKPOINTS = {
  /** mobile: up to 767px */
  mobileMax: 767,
  medium: 768,
  large: 1024,
  veryLarge: 1920,
  extraLarge: 2400,
} as const;

export const MOBILE_QUERY = `(max-width: ${BREAKPOINTS.mobileMax}px)`;
